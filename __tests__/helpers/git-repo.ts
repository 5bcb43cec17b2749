// A throwaway git repository for compare tests: commit a set of files, then change the work tree.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export class GitRepo {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true })
    this.git('init', '-q', '-b', 'main')
  }

  git(...args: string[]): string {
    return execFileSync(
      'git',
      [
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@example.com',
        '-c',
        'commit.gpgsign=false',
        ...args
      ],
      { cwd: this.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }
    ).trim()
  }

  /** Writes files (null removes one) without committing. */
  write(files: Record<string, string | null>): this {
    for (const [rel, content] of Object.entries(files)) {
      const path = join(this.dir, rel)
      if (content === null) rmSync(path, { force: true })
      else {
        mkdirSync(dirname(path), { recursive: true })
        writeFileSync(path, content)
      }
    }
    return this
  }

  /** Writes, commits everything, returns the commit's sha. */
  commit(files: Record<string, string | null>, message = 'change'): string {
    this.write(files)
    this.git('add', '-A')
    this.git('commit', '-q', '--allow-empty', '-m', message)
    return this.git('rev-parse', 'HEAD')
  }

  /** Lets another uid (the container user) enter and write everything. */
  openUp(): this {
    execFileSync('chmod', ['-R', 'a+rwX', this.dir])
    chmodSync(this.dir, 0o777)
    return this
  }
}

/** A test "framework" in sh: runs every tests/*.sh, one <testcase> per file, JUnit into $1. */
export const SH_JUNIT_RUNNER = `#!/bin/sh
out="$1"; fail=0
{
  echo '<testsuite name="sh">'
  for t in tests/*.sh; do
    n=$(basename "$t" .sh)
    if sh "$t" >/dev/null 2>&1; then echo "<testcase classname=\\"tests\\" name=\\"$n\\"/>"
    else echo "<testcase classname=\\"tests\\" name=\\"$n\\"><failure message=\\"failed\\"/></testcase>"; fail=1; fi
  done
  echo '</testsuite>'
} > "$out"
exit $fail
`
