// Action main entry (dist/index.js): only wiring.
import './bootstrap.js'
import { run } from './action/main.js'

await run()
