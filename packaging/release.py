"""Turn the built bundle into what a player downloads, on the system it was built on (issue 39):

    python packaging/release.py [--dry-run]      (after packaging/build.py)

- Linux: ``dist/awaw-desktop-VERSION-linux-x86_64.tar.gz`` (with ``packaging/linux/install.sh`` inside the folder
  as ``install.sh``).
- Windows: a portable zip of the one-folder build, and the per-user installer made by Inno Setup
  (``packaging/windows/awaw-desktop.iss``: Start menu entry, ``.awaw`` association with its icon, uninstall); both
  signed with ``signtool`` where the certificate is given (``WINDOWS_CERTIFICATE``: the .pfx in base64,
  ``WINDOWS_CERTIFICATE_PASSWORD``).
- macOS: the ``.app`` signed with the hardened runtime where ``MACOS_SIGNING_IDENTITY`` names a Developer ID in
  the keychain (ad hoc otherwise, which Gatekeeper does not trust), put in a ``.dmg`` with a link to
  Applications, notarized and stapled where ``APPLE_ID``, ``APPLE_TEAM_ID`` and ``APPLE_APP_PASSWORD`` are given.

A step whose secrets are missing is skipped and says so; nothing is claimed that did not run.  ``--dry-run``
prints the steps (for any system: ``--system windows``) without running them; the tests read that plan.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))
from awaw_desktop import __version__  # noqa: E402
from awaw_desktop.system import system as system_of  # noqa: E402

WINDOWS_SECRETS = ("WINDOWS_CERTIFICATE", "WINDOWS_CERTIFICATE_PASSWORD")
MAC_SIGNING_SECRETS = ("MACOS_SIGNING_IDENTITY",)
MAC_NOTARY_SECRETS = ("APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD")
INNO_SETUP = (r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe", "iscc")


@dataclass(frozen=True)
class Step:
    """One step of a release: what it makes, the command (None for work done here), why it is skipped ("" if
    it runs)."""

    what: str
    command: tuple[str, ...] | None = None
    skipped: str = ""


def _missing(environ: Mapping[str, str], names: Sequence[str]) -> list[str]:
    return [name for name in names if not environ.get(name)]


def plan(kind: str, environ: Mapping[str, str] = os.environ, version: str = __version__) -> list[Step]:
    """The steps of a release on ``kind`` ("linux", "windows", "macos")."""
    if kind == "linux":
        return [Step(f"dist/awaw-desktop-{version}-linux-x86_64.tar.gz (the folder and install.sh)")]
    if kind == "windows":
        signing = _missing(environ, WINDOWS_SECRETS)
        skipped = f"no code-signing certificate ({', '.join(signing)} not set): unsigned" if signing else ""
        exe = str(DIST / "awaw-desktop" / "awaw-desktop.exe")
        setup = str(DIST / f"awaw-desktop-{version}-windows-setup.exe")
        sign = ("signtool", "sign", "/fd", "SHA256", "/tr", "http://timestamp.digicert.com", "/td", "SHA256",
                "/f", "certificate.pfx", "/p", "%WINDOWS_CERTIFICATE_PASSWORD%")
        return [
            Step("sign awaw-desktop.exe and awaw-desktop-cli.exe", (*sign, exe), skipped),
            Step(f"dist/awaw-desktop-{version}-windows-portable.zip (the one-folder build)"),
            Step(f"dist/awaw-desktop-{version}-windows-setup.exe (Inno Setup, per user)",
                 ("iscc", f"/DAppVersion={version}", f"/DSourceDir={DIST / 'awaw-desktop'}", f"/DOutputDir={DIST}",
                  str(ROOT / "packaging" / "windows" / "awaw-desktop.iss"))),
            Step("sign the installer", (*sign, setup), skipped),
        ]
    if kind == "macos":
        app = str(DIST / "AWAW Desktop.app")
        dmg = str(DIST / f"awaw-desktop-{version}-macos.dmg")
        signing = _missing(environ, MAC_SIGNING_SECRETS)
        identity = environ.get("MACOS_SIGNING_IDENTITY") or "-"
        notary = _missing(environ, MAC_NOTARY_SECRETS)
        notary_skip = (f"no notarization account ({', '.join(notary)} not set): Gatekeeper will ask the player to "
                       "allow the app" if notary else "")
        if signing and not notary_skip:
            notary_skip = "not signed with a Developer ID: Apple notarizes signed apps only"
        return [
            Step("sign AWAW Desktop.app" + (" ad hoc (MACOS_SIGNING_IDENTITY not set): runs, but is not trusted "
                                            "by Gatekeeper" if signing else " with the hardened runtime"),
                 ("codesign", "--force", "--deep", "--options", "runtime", "--entitlements",
                  str(ROOT / "packaging" / "macos" / "entitlements.plist"), "--sign", identity, app)),
            Step(f"{Path(dmg).name} (the app and a link to Applications)",
                 ("hdiutil", "create", "-volname", "AWAW Desktop", "-srcfolder", str(DIST / "dmg"), "-ov",
                  "-format", "UDZO", dmg)),
            Step("notarize and staple the .dmg",
                 ("xcrun", "notarytool", "submit", dmg, "--apple-id", "$APPLE_ID", "--team-id", "$APPLE_TEAM_ID",
                  "--password", "$APPLE_APP_PASSWORD", "--wait"), notary_skip),
        ]
    raise ValueError(f"no release steps for {kind!r}")


def _archive(kind: str, version: str) -> Path:
    folder = DIST / "awaw-desktop"
    if kind == "linux":
        shutil.copy2(ROOT / "packaging" / "linux" / "install.sh", folder / "install.sh")
        base = DIST / f"awaw-desktop-{version}-linux-x86_64"
        return Path(shutil.make_archive(str(base), "gztar", DIST, "awaw-desktop"))
    base = DIST / f"awaw-desktop-{version}-windows-portable"
    return Path(shutil.make_archive(str(base), "zip", DIST, "awaw-desktop"))


def _expanded(command: Sequence[str], environ: Mapping[str, str]) -> list[str]:
    words = []
    for word in command:
        for name in (*WINDOWS_SECRETS, *MAC_NOTARY_SECRETS):
            word = word.replace(f"%{name}%", environ.get(name, "")).replace(f"${name}", environ.get(name, ""))
        words.append(word)
    return words


def run(kind: str, environ: Mapping[str, str]) -> int:
    """Carry out the plan; the exit status."""
    version = __version__
    if kind == "windows" and not _missing(environ, WINDOWS_SECRETS):
        import base64

        (ROOT / "certificate.pfx").write_bytes(base64.b64decode(environ["WINDOWS_CERTIFICATE"]))
    if kind == "macos":
        staging = DIST / "dmg"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
    for step in plan(kind, environ, version):
        if step.skipped:
            print(f"release.py: skipped: {step.what}: {step.skipped}")
            continue
        print(f"release.py: {step.what}")
        if step.command is None:
            print(f"release.py: wrote {_archive(kind, version)}")
            continue
        command = _expanded(step.command, environ)
        if command[0] == "iscc":
            command[0] = next((tool for tool in INNO_SETUP if shutil.which(tool) or Path(tool).is_file()), "iscc")
        if command[0] == "hdiutil":
            staged = DIST / "dmg"
            shutil.copytree(DIST / "AWAW Desktop.app", staged / "AWAW Desktop.app", symlinks=True)
            (staged / "Applications").symlink_to("/Applications")
        status = subprocess.call(command, cwd=ROOT)
        if status != 0:
            print(f"release.py: failed ({status}): {' '.join(step.command)}", file=sys.stderr)
            return status
        if command[0] == "xcrun":
            status = subprocess.call(["xcrun", "stapler", "staple", command[3]], cwd=ROOT)
            if status != 0:
                return status
    if kind == "windows":
        (ROOT / "certificate.pfx").unlink(missing_ok=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="packaging/release.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="print the steps, run nothing")
    parser.add_argument("--system", choices=("linux", "windows", "macos"), default=system_of(sys.platform),
                        help="the system to plan for (default: this one; only a dry run may name another)")
    args = parser.parse_args(argv)
    if args.dry_run:
        for step in plan(args.system):
            said = f"skipped: {step.skipped}" if step.skipped else (" ".join(step.command) if step.command else "")
            print(f"- {step.what}" + (f"\n    {said}" if said else ""))
        return 0
    if args.system != system_of(sys.platform):
        parser.error("a release is made on the system it is for (use --dry-run to read another's steps)")
    return run(args.system, os.environ)


if __name__ == "__main__":
    sys.exit(main())
