import i18next from "i18next"
import resources from "../i18n"
import { HEALTH_PROBLEM_CODES, type HealthProblem } from "../../installments/health/answer"
import { REFUSAL_REASONS } from "../../installments/health/delivery-refusals"
import { PLUGIN_JOBS } from "../../installments/health/jobs"
import { cronPeriodMs } from "../../lib/cron"
import { jobLabel, problemWords, reasonLabel, scheduleLabel } from "../lib/health-words"

// Every figure a problem may carry, so a sentence that names one the server does not send shows here.
const PARAMS: HealthProblem["params"] = {
  message: "The secret key was refused.",
  count: 3,
  failed: 2,
  calls: 5,
  percent: 40,
  reason: "unknown_key",
  last_at: "2026-12-01T09:50:00.000Z",
  started_at: "2026-12-01T09:00:00.000Z",
  finished_at: "2026-12-01T09:00:01.000Z",
  next_retry_at: "2026-12-01T10:05:00.000Z",
  oldest_at: "2026-12-01T09:20:00.000Z",
  minutes: 40,
  worker: "worker-1:4711",
  schedule: "*/5 * * * *",
  error: "connect ECONNREFUSED",
}

describe("the health page's words", () => {
  const instance = i18next.createInstance()
  beforeAll(() => instance.init({ resources, lng: "en", fallbackLng: false }))

  it.each(["en", "ar"])("says every problem and its fix in %s, every figure filled in", async (language) => {
    await instance.changeLanguage(language)
    const t = instance.t.bind(instance) as never
    for (const code of HEALTH_PROBLEM_CODES) {
      const words = problemWords(
        t,
        { code, severity: "error", provider_id: "installments", job: PLUGIN_JOBS[0].name, params: PARAMS },
        language
      )
      for (const text of [words.title, words.fix]) {
        expect({ code, text, left: /{{|installments\.health/.test(text) }).toEqual({ code, text, left: false })
        expect(text.trim().length).toBeGreaterThan(10)
      }
    }
    for (const reason of REFUSAL_REASONS) {
      const words = problemWords(
        t,
        { code: "deliveries_refused", severity: "error", provider_id: "installments", params: { ...PARAMS, reason } },
        language
      )
      expect(words.fix).toBe(instance.t(`installments.health.reasons.${reason}.fix`))
      expect(words.title).toContain(reasonLabel(t, reason))
    }
    for (const job of PLUGIN_JOBS) {
      expect(jobLabel(t, job.name)).not.toBe(job.name)
    }
    // A job the plugin does not know (a newer version's, on another worker) keeps its own name.
    expect(jobLabel(t, "installments-something-new")).toBe("installments-something-new")
  })

  it("shows times in the admin's locale and keeps Latin values isolated in an Arabic sentence", async () => {
    await instance.changeLanguage("ar")
    const t = instance.t.bind(instance) as never
    const words = problemWords(t, { code: "job_late", severity: "error", job: PLUGIN_JOBS[0].name, params: PARAMS }, "ar")
    expect(words.title).toContain("\u2068worker-1:4711\u2069")
    expect(words.title).not.toContain("2026-12-01T09:00:00.000Z")
    expect(words.title).toContain(jobLabel(t, PLUGIN_JOBS[0].name))
  })

  it.each([
    ["en", ["Every minute", "Every 2 minutes", "Every 5 minutes", "Every 10 minutes", "Every 15 minutes", "Every hour", "Every day"]],
    ["ar", ["كل دقيقة", "كل 2 دقيقة", "كل 5 دقيقة", "كل 10 دقيقة", "كل 15 دقيقة", "كل ساعة", "كل يوم"]],
  ])("says how often each of the plugin's jobs runs in %s words, and a schedule it cannot say as it is", async (language, said) => {
    await instance.changeLanguage(language)
    const t = instance.t.bind(instance) as never
    const labels = new Set(
      PLUGIN_JOBS.map((job) => scheduleLabel(t, { schedule: job.schedule, period_ms: cronPeriodMs(job.schedule) ?? null }))
    )
    expect([...labels].sort()).toEqual([...said].sort())
    // Weekdays only, or twice an hour at odd minutes: the period does not say it, the cron does.
    for (const schedule of ["0 9 * * 1-5", "7,37 * * * *"]) {
      expect(scheduleLabel(t, { schedule, period_ms: cronPeriodMs(schedule) ?? null })).toBe(schedule)
    }
  })
})
