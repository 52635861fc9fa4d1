import { Container, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { HealthProblem } from "../../../installments/health/answer"
import { problemWords } from "../../lib/health-words"
import { SectionHeader } from "../layout/section-header"

/** What needs a person, worst first, each with its fix; or that everything works. */
export function ProblemsCard({ problems }: { problems: HealthProblem[] }) {
  const { t, i18n } = useTranslation()
  return (
    <Container className="divide-y p-0" data-testid="health-problems">
      <SectionHeader title={t("installments.health.problemsTitle")} />
      {problems.length === 0 ? (
        <div className="flex items-center gap-x-2 px-6 py-4">
          <StatusBadge color="green">{t("installments.health.allGood")}</StatusBadge>
        </div>
      ) : (
        problems.map((problem, index) => {
          const words = problemWords(t, problem, i18n.language)
          return (
            <div
              key={`${problem.code}-${problem.provider_id ?? problem.job ?? ""}-${index}`}
              className="flex gap-x-3 px-6 py-3"
              data-testid="health-problem"
              data-code={problem.code}
            >
              <div className="shrink-0 pt-0.5">
                <StatusBadge color={problem.severity === "error" ? "red" : "orange"}>
                  {t(`installments.health.severity.${problem.severity}`)}
                </StatusBadge>
              </div>
              <div className="flex min-w-0 flex-col gap-y-1">
                <Text size="small" weight="plus" className="break-words">
                  {words.title}
                </Text>
                <Text size="small" className="text-ui-fg-subtle">
                  <span className="pe-1 font-medium">{t("installments.health.fixLabel")}</span>
                  {words.fix}
                </Text>
              </div>
            </div>
          )
        })
      )}
    </Container>
  )
}
