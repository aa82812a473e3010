#!/usr/bin/env bash
# Installs from Debian the packages that the tests and demos need, when
# their command is missing: `scripts/need.sh chromium tmux cc:gcc`, each
# argument a command, or COMMAND:PACKAGE when the Debian package has
# another name, or /FILE:PACKAGE for a package without a command (a
# library: /usr/include/gsl/gsl_spmatrix_uint.h:libgsl-dev). `make test` and the demos that need them call it; a machine
# with them already installed is left alone. Installing needs root (or
# sudo) and the Debian archive.
set -euo pipefail
missing=()
for arg in "$@"; do
    cmd=${arg%%:*}
    package=${arg#*:}
    if [ "${cmd#/}" != "$cmd" ]; then
        [ -e "$cmd" ] || missing+=("$package")
    else
        command -v "$cmd" >/dev/null 2>&1 || missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "missing: ${missing[*]}; install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
fi
echo "installing from Debian: ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
