// The one description of the config's shape. The loader validates YAML nodes against it (with
// positions and "did you mean"), and scripts/gen-schema.mjs turns it into the JSON Schema in
// schema/ for editors (yaml-language-server). A new key is one entry here plus its reading in
// load.ts; a MassGen key we accept without acting on it goes in an `ignored` map with the reason.

export type Field =
  | {
      type: 'string'
      enum?: string[]
      pattern?: string
      /** What the pattern means, for messages: 'a size like "512m" or "2g"'. */
      patternHint?: string
      /** An integer is read as its digits (ids and names MassGen users write as numbers). */
      acceptInteger?: boolean
      description?: string
    }
  | {
      type: 'number'
      min?: number
      exclusiveMin?: number
      integer?: boolean
      description?: string
      max?: number
    }
  | { type: 'boolean'; description?: string }
  | { type: 'array'; items: Field; description?: string }
  | {
      type: 'object'
      props: Record<string, Field>
      required?: string[]
      /** What to do with keys not in props or ignored: 'ignore' (listed as ignored), 'error'. */
      unknown: 'ignore' | 'error'
      /** Key prefixes that are always checked, even when unknown keys are otherwise ignored. */
      strictPrefixes?: string[]
      /** MassGen keys accepted and not acted on → why (shown by `validate` as `ignored:`). */
      ignored?: Record<string, string>
      /** Why other keys are ignored, when `unknown` is 'ignore'. */
      otherKeys?: string
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
const name: Field = { type: 'string', acceptInteger: true }
const timeout: Field = {
  type: 'number',
  exclusiveMin: 0,
  description: 'Seconds before the command is killed.'
}

const NO_MODEL = 'not about command execution (massgen-exec runs scripted commands, no model)'

export const CONTEXT_PATH: Field = {
  type: 'oneOf',
  variants: [
    str('Host path, read-only (MassGen accepts a bare string).'),
    {
      type: 'object',
      unknown: 'error',
      required: ['path'],
      props: {
        path: str('Host path (relative to the working directory), mounted at the same path.'),
        permission: { type: 'string', enum: ['read', 'write'] },
        protected_paths: strList('Paths below `path` that stay read-only.'),
        name
      }
    }
  ]
}

export const COMPARE: Field = {
  type: 'object',
  unknown: 'error',
  required: ['tests'],
  description:
    "Run the step on the head tree and on the base tree with the head's test files applied, and report per-test transitions (needs junit).",
  props: {
    repo: str(
      'The git work tree under test (workspace-relative; the workspace or inside a context path). Default: the workspace.'
    ),
    base: str(
      'Base revision (SHA, branch, tag). The action input base-ref / CLI --base-ref override it.'
    ),
    tests: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Which files are tests: git pathspec globs relative to the repository root ("tests/**", "**/test_*.py"); a leading "!" excludes.'
    },
    allow: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          'runner-config',
          'test-support',
          'removed-test',
          'skipped-test',
          'report-mismatch',
          'rerun-mismatch'
        ]
      },
      description:
        'Kinds of tampering accepted knowingly (recorded in the results): without them such a change makes the verdict untrusted.'
    },
    evidence: {
      type: 'array',
      items: { type: 'string', enum: ['coverage', 'mutation'] },
      description:
        'Evidence gathered on head after the verdict, in fresh sandboxes: coverage of the changed lines (coverage.py, V8), mutation testing scoped to them.'
    },
    require: {
      type: 'object',
      unknown: 'error',
      description:
        'A gate (any subset): the step fails when the evidence is below it (or was not measured).',
      props: {
        changed_line_coverage: {
          type: 'number',
          min: 0,
          max: 1,
          description:
            'Least share (0..1) of the changed executable lines the head suite runs (needs evidence: coverage).'
        },
        mutation_score: {
          type: 'number',
          min: 0,
          max: 1,
          description:
            'Least killed / (killed + survived) over the mutants on the changed lines (needs evidence: mutation).'
        }
      }
    },
    mutation: {
      type: 'object',
      unknown: 'error',
      description: 'The budget of the mutation evidence.',
      props: {
        max_mutants: {
          type: 'number',
          integer: true,
          min: 1,
          description: 'Most mutants run (default 50); more are sampled, and the report says so.'
        },
        time_limit: {
          type: 'number',
          exclusiveMin: 0,
          description: 'Seconds for all mutants together (default 600).'
        }
      }
    }
  }
}

export const RUN_STEP: Field = {
  type: 'object',
  unknown: 'error',
  required: ['run'],
  props: {
    run: str('Shell command, run with /bin/sh -c.'),
    name,
    timeout,
    work_dir: str('Directory to run in; must be inside the agent workspace or a context path.'),
    env: { type: 'scalarMap', description: 'Variables for this command only.' },
    expect_exit: { type: 'number', integer: true, min: 0, description: 'Exit code that passes.' },
    allow_failure: bool('A failure of this step does not fail the run.'),
    background: bool('Start detached; output kept in the logs; killed at the end.'),
    junit: str(
      'JUnit XML report the step writes (workspace-relative); removed before the step, required fresh after it, cross-checked with the exit code.'
    ),
    retries: {
      type: 'number',
      integer: true,
      min: 0,
      description:
        'Re-run a failing step up to N times; tests that fail and then pass are listed as flaky.'
    },
    compare: COMPARE,
    egress: bool(
      'false: nothing goes out while this step runs (needs command_line_egress on the agent).'
    )
  }
}

export const WRITE_FILE_STEP: Field = {
  type: 'object',
  unknown: 'error',
  required: ['write_file'],
  props: {
    name,
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
    name,
    read_file: {
      type: 'object',
      unknown: 'error',
      required: ['path'],
      props: {
        path: str(),
        offset: {
          type: 'number',
          integer: true,
          min: 0,
          description: 'Lines to skip (default 0: from the first line).'
        },
        line_count: { type: 'number', integer: true, min: 1, description: 'Lines to return.' }
      }
    }
  }
}

export const STEP: Field = {
  type: 'oneOf',
  variants: [str('Shell command.'), RUN_STEP, WRITE_FILE_STEP, READ_FILE_STEP]
}

export const NETWORK_MODES = ['none', 'bridge', 'host']
/** The presets of src/lib/egress/presets.ts (a unit test keeps the two equal). */
export const EGRESS_PRESETS = [
  'python',
  'conda',
  'npm',
  'github',
  'debian',
  'ubuntu',
  'go',
  'rust',
  'ruby',
  'java'
]
export const CREDENTIAL_MOUNTS = [
  'ssh_keys',
  'git_config',
  'gh_config',
  'npm_config',
  'pypi_config',
  'claude_config',
  'codex_config',
  'gemini_config'
]

/** `action(glob)` as MassGen's permissions/rules.py parses it, with the actions it knows. */
export const PERMISSION_RULE_PATTERN =
  '^\\s*(command|read_file|write_file|read_url|mcp|\\*)\\s*(?:\\((.*)\\)\\s*)?$'
const ruleList = (description: string): Field => ({
  type: 'array',
  items: {
    type: 'string',
    pattern: PERMISSION_RULE_PATTERN,
    patternHint:
      'a rule kind(glob): command, read_file, write_file, read_url, mcp or *, e.g. "command(git push*)"'
  },
  description
})
const NO_APPROVER = 'a scripted run has no one to approve an "ask"; it is blocked'

export const PERMISSIONS: Field = {
  type: 'object',
  unknown: 'error',
  description: 'MassGen 2026 permission rules: deny, then allow, then ask.',
  props: {
    enabled: bool('false switches the rules off.'),
    role: {
      type: 'string',
      enum: ['read-only', 'researcher', 'read-write', 'implementer'],
      description: 'Preset rules; read-only/researcher deny writes and commands.'
    },
    rules: {
      type: 'object',
      unknown: 'error',
      props: {
        deny: ruleList('Blocked; nothing overrides a deny.'),
        ask: ruleList('Needs approval: blocked in a scripted run unless an allow rule matches.'),
        allow: ruleList('Lifts an ask; never lets through what a rule or list blocks.')
      }
    }
  },
  ignored: {
    automation_default: NO_APPROVER,
    approval_mode: NO_APPROVER,
    approval_dir: NO_APPROVER,
    max_consecutive_auto: NO_APPROVER,
    audit: 'every verdict is in results.json and the command log',
    persist_approvals: 'no approvals are granted, so none are persisted or loaded',
    settings_path: 'persisted "always" grants are not loaded: a CI run applies only its config'
  }
}

export const BACKEND: Field = {
  type: 'object',
  // MassGen backends carry many keys that do not concern execution (type, model, api keys,
  // mcp_servers, ...): accepted and listed as ignored. Execution keys are checked strictly.
  unknown: 'ignore',
  otherKeys: NO_MODEL,
  strictPrefixes: ['command_line_', 'command_execution_'],
  props: {
    cwd: str('Agent workspace; a relative path goes under .massgen/workspaces/, as in MassGen.'),
    command_line_execution_mode: { type: 'string', enum: ['local', 'docker', 'srt'] },
    command_line_srt_read_mode: {
      type: 'string',
      enum: ['confined', 'strict', 'open'],
      description:
        'srt: what commands may read. confined (default): $HOME hidden except the agent paths; strict: / hidden except those and system directories; open: all but secret stores.'
    },
    command_line_srt_network_allowed_domains: strList(
      'srt: domains the sandbox may reach (default none); adds to command_line_egress.allowed_domains, private ranges refused unless command_line_egress.allowed_private_ranges lists them.'
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
    command_line_docker_read_only_rootfs: bool(
      'Read-only root filesystem (home and /tmp stay writable); default true, false with sudo.'
    ),
    command_line_docker_pids_limit: {
      type: 'number',
      integer: true,
      min: 1,
      description:
        'Tasks per container (pids cgroup); default 512, 4096 under gVisor (runsc), whose own host threads count too.'
    },
    command_line_docker_runtime: {
      type: 'string',
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
      patternHint: 'a runtime name like "runsc"',
      description:
        "Container runtime the engine lists (`docker info`), e.g. runsc (gVisor; scripts/gvisor.sh sets it up); default: the engine's default."
    },
    command_line_docker_user: {
      type: 'string',
      pattern: '^\\d+:\\d+$',
      patternHint: 'a numeric "uid:gid"',
      description:
        "uid:gid commands run as (default: the workspace's owner; 1000:1000 when root owns it)."
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
    command_line_disk_limit: {
      type: 'oneOf',
      variants: [
        {
          type: 'string',
          pattern: '^\\s*\\d+(\\.\\d+)?\\s*[bkmgBKMG]?[bB]?\\s*$',
          patternHint: 'a size like "500m" or "4g"'
        },
        { type: 'number', min: 0 }
      ],
      description:
        'Docker: how much the workspace, write context paths and home may grow over the run, e.g. "500m"; a step that takes them over is stopped (our extension; default "4g").'
    },
    command_line_egress: {
      type: 'object',
      unknown: 'error',
      description:
        'Egress through an allowlisting proxy instead of no network (our extension; docker and srt).',
      props: {
        allowed_domains: strList(
          'Exact names, "*.domain" wildcards, IP literals; optional ":port".'
        ),
        presets: {
          type: 'array',
          items: { type: 'string', enum: EGRESS_PRESETS },
          description: 'Named lists kept in the product.'
        },
        allowed_private_ranges: strList(
          'CIDRs a destination may resolve into although loopback, private, link-local or metadata.'
        ),
        audit: bool('Let every name through (addresses still checked), record it, propose a list.')
      }
    },
    command_line_ca_certificates: strList(
      'PEM files of CA certificates the sandbox trusts, added to the runner\'s system bundle ("system": that bundle alone); our extension, docker and srt.'
    ),
    command_execution_prefix: str('Prefix for every command, e.g. "uv run".'),
    command_execution_venv_path: str('Virtualenv whose bin/ goes first on PATH.'),
    context_paths: { type: 'array', items: CONTEXT_PATH },
    agent_temporary_workspace: str(),
    permissions: PERMISSIONS
  },
  ignored: {
    enable_mcp_command_line:
      'the scripted `commands:` run whether or not the MCP command tool is enabled',
    context_write_access_enabled:
      'a context path with permission: write is writable in every step (there is no final agent)',
    enforce_read_before_delete: 'no file tools; commands are checked by the policy instead',
    mcp_servers: 'no model calls MCP tools in a scripted run'
  }
}

export const AGENT: Field = {
  type: 'object',
  unknown: 'ignore',
  otherKeys: NO_MODEL,
  // MassGen's own single-agent examples omit the id; it defaults to "agent" (or agent_<n>).
  props: {
    id: {
      type: 'string',
      acceptInteger: true,
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
      patternHint: 'an id of letters, digits, ".", "_" or "-"'
    },
    backend: BACKEND,
    commands: { type: 'array', items: STEP, description: 'The scripted steps, in order.' }
  },
  ignored: { system_message: 'no model runs; the steps are scripted' }
}

export const CONFIG: Field = {
  type: 'object',
  unknown: 'ignore',
  otherKeys: NO_MODEL,
  props: {
    agent: AGENT,
    agents: { type: 'array', items: AGENT },
    orchestrator: {
      type: 'object',
      unknown: 'ignore',
      otherKeys: 'an orchestration setting (voting, coordination, …); no model runs here',
      props: {
        agent_temporary_workspace: str(
          'Mounted read-only; a relative path goes under .massgen/, as in MassGen.'
        ),
        context_paths: { type: 'array', items: CONTEXT_PATH }
      },
      ignored: {
        snapshot_storage: 'agents share no answers, so no snapshots are taken'
      }
    },
    permissions: PERMISSIONS
  },
  ignored: {
    timeout_settings: 'each step has its own timeout (command_line_timeout, step timeout:)',
    ui: 'the results go to results.json, summary.md and the job summary'
  }
}
