// The one description of the config's shape. The loader validates YAML nodes against it (with
// positions and "did you mean"), and scripts/gen-schema.mjs turns it into the JSON Schema in
// schema/ for editors (yaml-language-server).

export type Field =
  | {
      type: 'string'
      enum?: string[]
      pattern?: string
      /** What the pattern means, for messages: 'a size like "512m" or "2g"'. */
      patternHint?: string
      description?: string
    }
  | { type: 'number'; min?: number; exclusiveMin?: number; integer?: boolean; description?: string }
  | { type: 'boolean'; description?: string }
  | { type: 'array'; items: Field; description?: string }
  | {
      type: 'object'
      props: Record<string, Field>
      required?: string[]
      /** What to do with keys not in props: 'ignore' (MassGen keys we do not need), 'error'. */
      unknown: 'ignore' | 'error'
      /** Key prefixes that are always checked, even when unknown keys are otherwise ignored. */
      strictPrefixes?: string[]
      /** A map whose values all have this shape (props must be empty). */
      values?: Field
      description?: string
    }
  | { type: 'oneOf'; variants: Field[]; description?: string }
  | { type: 'scalarMap'; description?: string }
  | { type: 'any'; description?: string }

const str = (description?: string): Field => ({ type: 'string', description })
const bool = (description?: string): Field => ({ type: 'boolean', description })
const strList = (description?: string): Field => ({ type: 'array', items: str(), description })
const timeout: Field = {
  type: 'number',
  exclusiveMin: 0,
  description: 'Seconds before the command is killed.'
}

export const CONTEXT_PATH: Field = {
  type: 'object',
  unknown: 'error',
  required: ['path'],
  props: {
    path: str('Host path (relative to the working directory), mounted at the same path.'),
    permission: { type: 'string', enum: ['read', 'write'] },
    protected_paths: strList('Paths below `path` that stay read-only.'),
    name: str()
  }
}

export const RUN_STEP: Field = {
  type: 'object',
  unknown: 'error',
  required: ['run'],
  props: {
    run: str('Shell command, run with /bin/sh -c.'),
    name: str(),
    timeout,
    work_dir: str('Directory to run in; must be inside the agent workspace or a context path.'),
    env: { type: 'scalarMap', description: 'Variables for this command only.' },
    expect_exit: { type: 'number', integer: true, min: 0, description: 'Exit code that passes.' },
    allow_failure: bool('A failure of this step does not fail the run.'),
    background: bool('Start detached; output kept in the logs; killed at the end.'),
    junit: str('JUnit XML report the step writes (workspace-relative).')
  }
}

export const WRITE_FILE_STEP: Field = {
  type: 'object',
  unknown: 'error',
  required: ['write_file'],
  props: {
    name: str(),
    write_file: {
      type: 'object',
      unknown: 'error',
      required: ['path', 'content'],
      props: { path: str(), content: str() }
    }
  }
}

export const READ_FILE_STEP: Field = {
  type: 'object',
  unknown: 'error',
  required: ['read_file'],
  props: {
    name: str(),
    read_file: {
      type: 'object',
      unknown: 'error',
      required: ['path'],
      props: {
        path: str(),
        offset: { type: 'number', integer: true, min: 1, description: '1-based first line.' },
        line_count: { type: 'number', integer: true, min: 1 }
      }
    }
  }
}

export const STEP: Field = {
  type: 'oneOf',
  variants: [str('Shell command.'), RUN_STEP, WRITE_FILE_STEP, READ_FILE_STEP]
}

export const NETWORK_MODES = ['none', 'bridge', 'host']
export const CREDENTIAL_MOUNTS = [
  'ssh_keys',
  'git_config',
  'gh_config',
  'npm_config',
  'pypi_config'
]

export const BACKEND: Field = {
  type: 'object',
  // MassGen backends carry many keys that do not concern execution (type, model, api keys,
  // mcp_servers, ...): accepted and ignored. Execution keys are checked strictly.
  unknown: 'ignore',
  strictPrefixes: ['command_line_', 'command_execution_'],
  props: {
    cwd: str('Agent workspace (relative to the working directory).'),
    enable_mcp_command_line: bool(),
    command_line_execution_mode: { type: 'string', enum: ['local', 'docker', 'srt'] },
    command_line_srt_read_mode: {
      type: 'string',
      enum: ['confined', 'strict', 'open'],
      description:
        'srt: what commands may read. confined (default): $HOME hidden except the agent paths; strict: / hidden except those and system directories; open: all but secret stores.'
    },
    command_line_srt_network_allowed_domains: strList(
      'srt: domains the sandbox may reach (default none).'
    ),
    command_line_srt_deny_read: strList('srt: extra paths hidden from reads.'),
    command_line_srt_allow_read: strList('srt: extra paths readable inside a hidden region.'),
    command_line_srt_allow_unix_sockets: strList('srt: Unix sockets reachable from inside.'),
    command_line_srt_read_only: bool('srt: no writable path at all, not even the workspace.'),
    command_line_docker_image: str(),
    command_line_docker_memory_limit: {
      type: 'oneOf',
      variants: [
        {
          type: 'string',
          pattern: '^\\s*\\d+(\\.\\d+)?\\s*[bkmgBKMG]?[bB]?\\s*$',
          patternHint: 'a size like "512m" or "2g"'
        },
        { type: 'number', min: 0 }
      ],
      description: 'Memory limit, e.g. "2g", "512m"; swap is set equal (no swap).'
    },
    command_line_docker_cpu_limit: { type: 'number', exclusiveMin: 0 },
    command_line_docker_network_mode: { type: 'string', enum: NETWORK_MODES },
    command_line_docker_enable_sudo: bool(),
    command_line_docker_pids_limit: { type: 'number', integer: true, min: 1 },
    command_line_docker_user: {
      type: 'string',
      pattern: '^\\d+:\\d+$',
      patternHint: 'a numeric "uid:gid"',
      description: 'uid:gid commands run as (default 1000:1000).'
    },
    command_line_allowed_commands: strList('Python regexes; every simple command must match one.'),
    command_line_blocked_commands: strList('Python regexes; any simple command matching blocks.'),
    command_line_timeout: { ...timeout, description: 'Default seconds per command (60).' },
    command_line_max_output_bytes: { type: 'number', integer: true, min: 1024 },
    command_line_docker_credentials: {
      type: 'object',
      unknown: 'error',
      props: {
        mount: { type: 'array', items: { type: 'string', enum: CREDENTIAL_MOUNTS } },
        additional_mounts: {
          type: 'object',
          unknown: 'error',
          props: {},
          values: {
            type: 'object',
            unknown: 'error',
            required: ['bind'],
            props: { bind: str(), mode: { type: 'string', enum: ['ro', 'rw'] } }
          }
        },
        env_file: str(),
        env_vars: strList(),
        env_vars_from_file: strList(),
        pass_all_env: bool('Pass the whole host environment (dangerous).')
      }
    },
    command_line_docker_packages: {
      type: 'object',
      unknown: 'error',
      props: {
        preinstall: {
          type: 'object',
          unknown: 'error',
          props: { python: strList(), npm: strList(), system: strList() }
        }
      }
    },
    command_execution_prefix: str('Prefix for every command, e.g. "uv run".'),
    command_execution_venv_path: str('Virtualenv whose bin/ goes first on PATH.'),
    context_paths: { type: 'array', items: CONTEXT_PATH },
    agent_temporary_workspace: str()
  }
}

export const AGENT: Field = {
  type: 'object',
  unknown: 'ignore',
  // MassGen's own single-agent examples omit the id; it defaults to "agent" (or agent_<n>).
  props: {
    id: {
      type: 'string',
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
      patternHint: 'an id of letters, digits, ".", "_" or "-"'
    },
    backend: BACKEND,
    system_message: str(),
    commands: { type: 'array', items: STEP, description: 'The scripted steps, in order.' }
  }
}

export const CONFIG: Field = {
  type: 'object',
  unknown: 'ignore',
  props: {
    agent: AGENT,
    agents: { type: 'array', items: AGENT },
    orchestrator: {
      type: 'object',
      unknown: 'ignore',
      props: {
        snapshot_storage: str(),
        agent_temporary_workspace: str(),
        context_paths: { type: 'array', items: CONTEXT_PATH }
      }
    },
    timeout_settings: { type: 'any' },
    ui: { type: 'any' }
  }
}
