#!/usr/bin/env bash
# Build the one-folder bundle: dist/awaw-desktop/ (Linux, Windows under Git Bash) or
# dist/AWAW Desktop.app (macOS), from the checkout this script is in.
#   packaging/build.sh                 uses .venv/bin/python of the checkout
#   PYTHON=/path/to/python packaging/build.sh
# The Python needs the app's dependencies and PyInstaller: pip install -e . pyinstaller
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-$root/.venv/bin/python}"
cd "$root"
exec "$python" -m PyInstaller --noconfirm --clean \
    --distpath "$root/dist" --workpath "$root/build/pyinstaller" \
    "$root/packaging/awaw-desktop.spec"
