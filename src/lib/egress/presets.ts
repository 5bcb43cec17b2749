// Named domain lists kept in the product, for `command_line_egress.presets`. Each is what the
// ecosystem's own client fetches from on a default configuration, and no more: generic storage
// hosts where anyone can create a bucket (storage.googleapis.com, *.s3.amazonaws.com,
// *.blob.core.windows.net) are left out on purpose, because an allowlisted upload target is an
// exfiltration channel. A project that needs one lists the exact bucket host in allowed_domains.
// Sources: each tool's documentation of its endpoints, cross-checked against GitHub's gh-aw
// ecosystem lists (pkg/workflow/data/ecosystem_domains.json).

export const PRESETS: Readonly<Record<string, readonly string[]>> = {
  /** pip / uv / poetry against PyPI: the index, the file CDN, get-pip. */
  python: ['pypi.org', 'files.pythonhosted.org', 'pypi.python.org', 'bootstrap.pypa.io'],
  /** conda / mamba against the default channels. */
  conda: ['conda.anaconda.org', 'repo.anaconda.com'],
  /** npm, yarn (classic and berry), pnpm against the public registry; node-gyp's headers. */
  npm: ['registry.npmjs.org', 'registry.yarnpkg.com', 'repo.yarnpkg.com', 'nodejs.org'],
  /** git over HTTPS, the API, archives, raw files, release assets, LFS objects. */
  github: [
    'github.com',
    'api.github.com',
    'codeload.github.com',
    'raw.githubusercontent.com',
    'objects.githubusercontent.com',
    'release-assets.githubusercontent.com',
    'media.githubusercontent.com',
    'github-cloud.githubusercontent.com',
    'github-cloud.s3.amazonaws.com'
  ],
  /** apt on Debian (deb.debian.org is the CDN front for every suite). */
  debian: ['deb.debian.org', 'security.debian.org'],
  /** apt on Ubuntu (amd64 and ports), and Launchpad PPAs. */
  ubuntu: [
    'archive.ubuntu.com',
    'security.ubuntu.com',
    'ports.ubuntu.com',
    'ppa.launchpadcontent.net'
  ],
  /** Go modules through the default GOPROXY and checksum database; toolchain downloads. */
  go: ['proxy.golang.org', 'sum.golang.org', 'go.dev', 'dl.google.com'],
  /** cargo's sparse index and crate files; rustup. */
  rust: [
    'crates.io',
    'index.crates.io',
    'static.crates.io',
    'static.rust-lang.org',
    'sh.rustup.rs'
  ],
  /** RubyGems / bundler. */
  ruby: ['rubygems.org', 'index.rubygems.org'],
  /** Maven Central and the Gradle distribution and plugin portal. */
  java: [
    'repo.maven.apache.org',
    'repo1.maven.org',
    'services.gradle.org',
    'downloads.gradle.org',
    'plugins.gradle.org',
    'plugins-artifacts.gradle.org'
  ]
}

export const PRESET_NAMES = Object.keys(PRESETS)
