import nock from "nock"

/**
 * Every spec file: no real network, no interceptor left over from another test. Jest gives each
 * file its own nock but they share Node's http module, so each file removes its patch when done:
 * two live nock instances in one worker crash on replyWithError ("Unhandled 'error' event").
 */
export function useNock(): void {
  beforeAll(() => {
    if (!nock.isActive()) {
      nock.activate()
    }
    nock.disableNetConnect()
  })
  afterEach(() => nock.cleanAll())
  afterAll(() => {
    nock.enableNetConnect()
    nock.restore()
  })
}
