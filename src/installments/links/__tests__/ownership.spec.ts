import { linkOwner, transactionIsOurs } from "../ownership"

const OURS = "inst_ours"

describe("linkOwner: whose a link is, by the identity in its metadata", () => {
  it("ours, another store's, or unknown when it names none", () => {
    expect(linkOwner({ instance_id: OURS }, OURS)).toBe("ours")
    expect(linkOwner({ instance_id: "inst_theirs" }, OURS)).toBe("another_store")
    expect(linkOwner({}, OURS)).toBe("unknown")
    expect(linkOwner(undefined, OURS)).toBe("unknown")
  })
})

describe("transactionIsOurs: whether a delivery about a transaction is mirrored in this store's ledger", () => {
  it("mirrors what the ledger or an admin link knows, and a link made here", () => {
    expect(transactionIsOurs({ owner: "another_store", inLedger: true, madeHere: false })).toBe(true)
    expect(transactionIsOurs({ owner: "ours", inLedger: false, madeHere: true })).toBe(true)
    expect(transactionIsOurs({ owner: "unknown", inLedger: false, madeHere: false })).toBe(true)
  })

  it("leaves another store's, and one under this identity this database never made (a copy of it did)", () => {
    expect(transactionIsOurs({ owner: "another_store", inLedger: false, madeHere: false })).toBe(false)
    expect(transactionIsOurs({ owner: "ours", inLedger: false, madeHere: false })).toBe(false)
  })
})
