#!/usr/bin/env bash
# Install a built bundle (dist/awaw-desktop/) with its menu entry, icons, AppStream metadata and the
# .awaw file type, for one user (default prefix ~/.local, its data files in $XDG_DATA_HOME if set) or
# system-wide (--prefix /usr/local, as root).
#
#   packaging/linux/install.sh [--prefix DIR] [--bundle DIR]     install (again: replaces the old copy)
#   packaging/linux/install.sh [--prefix DIR] --uninstall        remove what install put there
#
# Files: DIR/lib/awaw-desktop/ (the bundle), DIR/bin/awaw-desktop (a link to it),
# SHARE/applications/, SHARE/icons/hicolor/*/{apps,mimetypes}/, SHARE/metainfo/, SHARE/mime/packages/, where SHARE
# is DIR/share, or $XDG_DATA_HOME (default ~/.local/share) for a user's install without --prefix.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app_id="io.github.awaw_desktop.AwawDesktop"
prefix=""
bundle="$root/dist/awaw-desktop"
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --bundle) bundle="${2:?--bundle needs a folder}"; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
mime_icon="application-x-awaw-session"
if [ -z "$prefix" ]; then
  # A user's own install: the program in ~/.local, the data files where the desktop looks for them (XDG base
  # directories: $XDG_DATA_HOME if it is set to an absolute path, else ~/.local/share).
  prefix="$HOME/.local"
  case "${XDG_DATA_HOME:-}" in
    /*) share="$XDG_DATA_HOME" ;;
    *) share="$prefix/share" ;;
  esac
else
  share=""
fi
prefix="$(mkdir -p "$prefix" && cd "$prefix" && pwd)"  # absolute: it goes into the menu entry
share="${share:-$prefix/share}"
sizes="16 24 32 48 64 128 256 512"

refresh_caches() {
  # Each tool is optional: desktops also notice the files without them, only later.
  if command -v update-mime-database >/dev/null; then update-mime-database "$share/mime"; fi
  if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$share/applications"; fi
  if command -v gtk-update-icon-cache >/dev/null && [ -f "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t -f "$share/icons/hicolor"
  fi
}

if [ "$uninstall" = 1 ]; then
  rm -rf "$prefix/lib/awaw-desktop"
  if [ -L "$prefix/bin/awaw-desktop" ]; then rm -f "$prefix/bin/awaw-desktop"; fi
  rm -f "$share/applications/$app_id.desktop" "$share/metainfo/$app_id.metainfo.xml" \
        "$share/mime/packages/$app_id.xml" "$share/icons/hicolor/scalable/apps/$app_id.svg" \
        "$share/icons/hicolor/scalable/mimetypes/$mime_icon.svg"
  for size in $sizes; do
    rm -f "$share/icons/hicolor/${size}x${size}/apps/$app_id.png" \
          "$share/icons/hicolor/${size}x${size}/mimetypes/$mime_icon.png"
  done
  refresh_caches
  echo "removed awaw-desktop from $prefix"
  exit 0
fi

if [ ! -x "$bundle/awaw-desktop" ]; then
  echo "no bundle at $bundle: build it first with: python packaging/build.py" >&2
  exit 1
fi
if [ -e "$prefix/bin/awaw-desktop" ] && [ ! -L "$prefix/bin/awaw-desktop" ]; then
  echo "$prefix/bin/awaw-desktop exists and is not our link (a pip install?); remove it first" >&2
  exit 1
fi

mkdir -p "$prefix/lib" "$prefix/bin" "$share/applications" "$share/metainfo" "$share/mime/packages"
# Copy beside the old copy, then swap, so a failed copy leaves the installed app as it was.
rm -rf "$prefix/lib/awaw-desktop.new"
cp -a "$bundle" "$prefix/lib/awaw-desktop.new"
rm -rf "$prefix/lib/awaw-desktop"
mv "$prefix/lib/awaw-desktop.new" "$prefix/lib/awaw-desktop"
ln -sfn "$prefix/lib/awaw-desktop/awaw-desktop" "$prefix/bin/awaw-desktop"

# The menu entry runs the installed program by its full path, so it works even where DIR/bin is not
# on the desktop session's PATH.
sed -e "s|^Exec=awaw-desktop |Exec=$prefix/bin/awaw-desktop |" \
    -e "s|^TryExec=awaw-desktop\$|TryExec=$prefix/bin/awaw-desktop|" \
    "$here/$app_id.desktop" > "$share/applications/$app_id.desktop"
cp "$here/$app_id.metainfo.xml" "$share/metainfo/"
cp "$here/$app_id.xml" "$share/mime/packages/"
# The app's icon, and a session file's under the name desktops look a MIME type's icon up by.
for size in $sizes scalable; do
  folder="${size}x${size}"; kind="png"
  if [ "$size" = scalable ]; then folder="scalable"; kind="svg"; fi
  mkdir -p "$share/icons/hicolor/$folder/apps" "$share/icons/hicolor/$folder/mimetypes"
  cp "$here/../icons/hicolor/$folder/apps/$app_id.$kind" "$share/icons/hicolor/$folder/apps/"
  cp "$here/../icons/hicolor/$folder/mimetypes/$mime_icon.$kind" "$share/icons/hicolor/$folder/mimetypes/"
done
refresh_caches
echo "installed awaw-desktop in $prefix (run: $prefix/bin/awaw-desktop, or from the desktop's menu)"
