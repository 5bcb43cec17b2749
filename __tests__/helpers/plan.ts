// One builder for the plans tests hand to runtimes and the run: an agent, its docker settings, a
// run step, a run plan. Defaults come from the product's own (config/defaults.ts, dockerDefaults);
// a test overrides only what it is about.
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_SEC } from '../../src/config/defaults.js'
import type {
  AgentPlan,
  DockerConfig,
  PolicyConfig,
  RunPlan,
  RunStep
} from '../../src/config/types.js'
import { dockerDefaults } from '../../src/runtime/docker/container-spec.js'

/** A policy that allows everything and blocks nothing, sudo off (a config with no lists). */
export function openPolicy(over: Partial<PolicyConfig> = {}): PolicyConfig {
  return { enableSudo: false, allowed: [], blocked: [], ...over }
}

/** An agent `a` in local mode in /w/ws with no paths, steps or limits beyond the defaults. */
export function agentPlan(over: Partial<AgentPlan> = {}): AgentPlan {
  return {
    id: 'a',
    mode: 'local',
    workspace: '/w/ws',
    contextPaths: [],
    policy: openPolicy(),
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    steps: [],
    ...over
  }
}

/** The docker settings a config with no command_line_docker_* keys gets. */
export function dockerConfig(over: Partial<DockerConfig> = {}): DockerConfig {
  return { ...dockerDefaults(), ...over }
}

/** A docker agent with the default docker settings (`docker` overrides some of them). */
export function dockerAgent(
  over: Partial<AgentPlan> = {},
  docker: Partial<DockerConfig> = {}
): AgentPlan {
  return agentPlan({ mode: 'docker', docker: dockerConfig(docker), ...over })
}

/** A `run:` step at index 0 with the default timeout, expecting exit 0. */
export function runStep(run: string, over: Partial<RunStep> = {}): RunStep {
  return {
    kind: 'run',
    index: 0,
    run,
    timeoutSec: DEFAULT_TIMEOUT_SEC,
    env: {},
    expectExit: 0,
    allowFailure: false,
    background: false,
    ...over
  }
}

/** A run plan of these agents, with the default timeout and output cap. */
export function runPlan(agents: AgentPlan[], over: Partial<RunPlan> = {}): RunPlan {
  return {
    configFile: '/w/config.yaml',
    workingDirectory: '/w',
    agents,
    defaults: { timeoutSec: DEFAULT_TIMEOUT_SEC, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    ...over
  }
}
