import { metrics, type Attributes, type Counter, type Histogram, type MeterProvider } from "@opentelemetry/api"
import { METRIC, SCOPE } from "./names"

interface Instruments {
  serviceCalls: Counter
  serviceCallDuration: Histogram
  deliveries: Counter
  jobRuns: Counter
  jobDuration: Histogram
}

// OpenTelemetry's metrics API has no proxy: a meter taken before the store registers its provider
// stays a no-op. The instruments are made again whenever the global provider is another one.
let made: { provider: MeterProvider; instruments: Instruments } | undefined

/** The plugin's meter, from the global provider as it is now (a no-op until the store registers one). */
export function meter() {
  return metrics.getMeter(SCOPE)
}

function instruments(): Instruments {
  const provider = metrics.getMeterProvider()
  if (made?.provider !== provider) {
    const m = meter()
    made = {
      provider,
      instruments: {
        serviceCalls: m.createCounter(METRIC.serviceCalls, {
          description: "Calls to the installments service, retries included, by endpoint, status class and outcome",
          unit: "{call}",
        }),
        serviceCallDuration: m.createHistogram(METRIC.serviceCallDuration, {
          description: "How long a call to the installments service took, its retries and pauses included",
          unit: "s",
        }),
        deliveries: m.createCounter(METRIC.deliveries, {
          description: "Webhook deliveries on an installments registration's path, by verdict",
          unit: "{delivery}",
        }),
        jobRuns: m.createCounter(METRIC.jobRuns, {
          description: "Runs of the plugin's scheduled jobs, by job and outcome",
          unit: "{run}",
        }),
        jobDuration: m.createHistogram(METRIC.jobDuration, { description: "How long a run of a plugin job took", unit: "s" }),
      },
    }
  }
  return made.instruments
}

/** Counts one service call and its duration. */
export function recordServiceCall(attributes: Attributes, durationMs: number): void {
  quietly(() => {
    const { serviceCalls, serviceCallDuration } = instruments()
    serviceCalls.add(1, attributes)
    serviceCallDuration.record(durationMs / 1000, attributes)
  })
}

/** Counts one webhook delivery by its verdict. */
export function recordDelivery(attributes: Attributes): void {
  quietly(() => instruments().deliveries.add(1, attributes))
}

/** Counts one job run and its duration. */
export function recordJobRun(attributes: Attributes, durationMs: number): void {
  quietly(() => {
    const { jobRuns, jobDuration } = instruments()
    jobRuns.add(1, attributes)
    jobDuration.record(durationMs / 1000, attributes)
  })
}

// A meter provider that throws (a store's exporter misconfigured) must never fail the checkout, the
// delivery or the job being counted: the count is lost, the work goes on.
function quietly(record: () => void): void {
  try {
    record()
  } catch {
    // Nothing to do: telemetry is never a reason for the work to fail.
  }
}
