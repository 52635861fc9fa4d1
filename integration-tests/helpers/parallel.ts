export { inParallel } from "../../src/lib/in-parallel"
