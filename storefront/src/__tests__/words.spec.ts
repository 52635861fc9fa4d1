import { shopperWords as pluginWords } from "../../../src/installments/messages/shopper-language"
import { languageFor, storefrontWords } from "../words"

describe("the shopper's words", () => {
  it("are the plugin's own sentences (src/installments/messages), with the storefront's few beside them", () => {
    for (const language of ["ar", "en"] as const) {
      const words = storefrontWords(language)
      expect(words.notPaid).toBe(pluginWords(language).notPaid)
      expect(words.failure).toBe(pluginWords(language).failure)
      expect(words.planLine(24, "50.00")).toBe(pluginWords(language).planLine(24, "50.00"))
    }
  })

  it("follow the page's locale: Arabic right to left, English, and English for any other language", () => {
    expect(storefrontWords("ar-SA")).toMatchObject({ language: "ar", dir: "rtl", chooseAnotherPaymentMethod: "اختر طريقة دفع أخرى" })
    expect(storefrontWords("en_GB")).toMatchObject({
      language: "en",
      dir: "ltr",
      chooseAnotherPaymentMethod: "Choose another payment method",
    })
    expect(storefrontWords("fr").language).toBe("en")
    expect(storefrontWords(undefined).language).toBe("en")
    expect(languageFor("fr", "ar")).toBe("ar")
  })

  it("say every sentence in both languages", () => {
    const keys = (language: "ar" | "en") =>
      Object.entries(storefrontWords(language))
        .filter(([, value]) => typeof value === "string")
        .map(([key, value]) => [key, (value as string).length > 0])
    expect(keys("ar").map(([key]) => key)).toEqual(keys("en").map(([key]) => key))
    expect([...keys("ar"), ...keys("en")].every(([, filled]) => filled)).toBe(true)
    expect(storefrontWords("ar").continueToPayment).not.toBe(storefrontWords("en").continueToPayment)
  })
})
