import { Skeleton } from "@medusajs/ui"

/** The placeholder a card shows while its data loads: a title line and two text lines. */
export function LoadingLines({ titleWidth = "w-1/3" }: { titleWidth?: string }) {
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4">
      <Skeleton className={`h-5 ${titleWidth}`} />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
    </div>
  )
}
