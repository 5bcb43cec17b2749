// Action post entry (dist/post/index.js): only wiring.
import './bootstrap.js'
import { post } from './action/post.js'

await post()
