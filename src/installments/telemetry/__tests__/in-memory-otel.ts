import { context, metrics, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type MetricData,
} from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base"

/** One data point of a metric, as the tests read it. */
export interface Point {
  attributes: Record<string, unknown>
  value: unknown
}

/**
 * OpenTelemetry's global tracer and meter providers, recording into memory, as a store's
 * `instrumentation.ts` would register them: what the plugin's telemetry writes is read back here.
 */
export function installInMemoryOtel() {
  const spanExporter = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  context.setGlobalContextManager(contextManager)
  trace.setGlobalTracerProvider(tracerProvider)
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  // Exported only when the test asks (forceFlush): the interval never fires during a test.
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
  const meterProvider = new MeterProvider({ readers: [reader] })
  metrics.setGlobalMeterProvider(meterProvider)

  return {
    meterProvider,
    spans: (): ReadableSpan[] => spanExporter.getFinishedSpans(),
    resetSpans: () => spanExporter.reset(),
    /** Every metric collected now, by name. */
    async metrics(): Promise<Map<string, MetricData>> {
      await reader.forceFlush()
      const exported = metricExporter.getMetrics()
      const last = exported[exported.length - 1]
      metricExporter.reset()
      return new Map((last?.scopeMetrics ?? []).flatMap((scope) => scope.metrics).map((metric) => [metric.descriptor.name, metric]))
    },
    async uninstall() {
      await meterProvider.shutdown()
      await tracerProvider.shutdown()
      trace.disable()
      metrics.disable()
      context.disable()
    },
  }
}

/** A metric's data points, with their attributes. */
export function pointsOf(metric: MetricData | undefined): Point[] {
  return (metric?.dataPoints ?? []).map((point) => ({ attributes: { ...point.attributes }, value: point.value }))
}
