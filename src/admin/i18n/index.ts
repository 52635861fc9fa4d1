import ar from "./json/ar.json"
import en from "./json/en.json"

/** The plugin's admin translations, merged by the dashboard into its own; all under `installments`. */
export default {
  en: { translation: en },
  ar: { translation: ar },
}
