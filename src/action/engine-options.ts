// What the action's run and verify-isolation modes hand the engine alike: the inputs that name the
// config, the agents and the images, and the hooks that log through the redacting console, mask
// secrets, save the run id for the post step and clean up on a signal.
import * as core from '@actions/core'
import { actionImageSources } from './image-cache.js'
import type { ActionInputs } from './inputs.js'
import { safeLine } from './log.js'
import { saveRunState } from './state.js'

export function engineOptions(inputs: ActionInputs) {
  return {
    configPath: inputs.config,
    outDir: inputs.outputDir,
    workingDirectory: inputs.workingDirectory,
    agents: inputs.agents,
    imagePolicy: inputs.imagePolicy,
    imageSources: actionImageSources(inputs),
    configRef: inputs.configRef,
    allowUnsafe: inputs.allowUnsafe,
    log: (line: string) => core.info(safeLine(line)),
    onSecret: (v: string) => core.setSecret(v),
    onStart: (runId: string) => saveRunState(runId, inputs.cleanup),
    handleSignals: true
  }
}
