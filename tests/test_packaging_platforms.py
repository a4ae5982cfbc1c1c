"""The recipes for Windows and macOS players and the CI for the three systems (issue 39), read and checked here:
the workflow files linted against GitHub's own schema (check-jsonschema's vendored copy, from PyPI), the Inno Setup
script's file association, the macOS bundle's document types, and the release steps each system runs (signing
skipped, and said so, where its secrets are missing).  What only a Windows or macOS machine can run is said in
packaging/README.md, not claimed here."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from awaw_desktop.system import FILE_TYPE

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
sys.path.insert(0, str(ROOT / "packaging"))
import release  # noqa: E402


def lint(path: Path) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or shutil.which("check-jsonschema")
    assert tool, "check-jsonschema is in the test extra (pip install -e '.[test]')"
    return subprocess.run([tool, "--builtin-schema", "vendor.github-workflows", str(path)], capture_output=True,
                          text=True, timeout=120)


def test_there_is_a_workflow_and_each_one_lints_clean():
    assert WORKFLOWS
    for workflow in WORKFLOWS:
        done = lint(workflow)
        assert done.returncode == 0, f"{workflow.name}: {done.stdout}{done.stderr}"


def test_the_linter_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOWS[0].read_text(encoding="utf-8").replace("runs-on:", "run-on:"), encoding="utf-8")
    assert lint(broken).returncode != 0


def test_ci_runs_every_python_pyproject_allows_on_the_three_systems():
    text = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    lowest = re.fullmatch(r">=3\.(\d+)", requires)
    assert lowest, requires
    versions = re.search(r'python: \[([^\]]+)\]', text)
    assert versions
    listed = [int(item.strip().strip('"').split(".")[1]) for item in versions.group(1).split(",")]
    assert listed[0] == int(lowest.group(1)) and listed == list(range(listed[0], listed[-1] + 1))
    for system in ("ubuntu-", "windows-", "macos-"):
        assert text.count(system) >= 2, f"{system} runs the tests and builds the bundle"
    assert "packaging/smoke.py" in text and "packaging/release.py" in text
    assert ".ci/run-tests-only" in text


def test_the_linux_job_runs_the_readmes_test_command():
    script = (ROOT / ".ci" / "run-tests-only").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extract = "command=$(sed -n '/<!-- test-command -->/,/<!-- \\/test-command -->/p' README.md"
    assert extract in script and extract in ci


def test_the_windows_installer_is_per_user_with_the_awaw_association_and_an_uninstaller():
    iss = (ROOT / "packaging" / "windows" / "awaw-desktop.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in iss and "{localappdata}\\Programs" in iss
    assert "ChangesAssociations=yes" in iss
    assert f'#define ProgId "{FILE_TYPE["windows_prog_id"]}"' in iss
    assert 'Subkey: "Software\\Classes\\.awaw"' in iss and "uninsdeletevalue" in iss
    assert "DefaultIcon" in iss and 'shell\\open\\command' in iss and '""%1""' in iss
    assert "{userprograms}" in iss   # the Start menu entry
    assert (ROOT / "packaging" / "icons" / "awaw-desktop.ico").is_file()


def test_the_mac_bundle_declares_the_awaw_type_and_leaves_argv_emulation_off():
    spec = (ROOT / "packaging" / "awaw-desktop.spec").read_text(encoding="utf-8")
    assert "argv_emulation=False" in spec   # files arrive as QFileOpenEvent (ui/shell/single_instance.py)
    assert '"CFBundleDocumentTypes"' in spec and '"UTExportedTypeDeclarations"' in spec
    assert 'MAC_DOCUMENT_UTI = FILE_TYPE["uti"]' in spec and '"public.filename-extension": ["awaw"]' in spec
    assert (ROOT / "packaging" / "icons" / "awaw-desktop.icns").is_file()
    assert "com.apple.security.cs.disable-library-validation" in (
        ROOT / "packaging" / "macos" / "entitlements.plist").read_text(encoding="utf-8")


def test_windows_release_steps_skip_signing_without_the_certificate_and_sign_with_it():
    unsigned = release.plan("windows", {}, "1.2.3")
    assert [step.what.split(" (")[0] for step in unsigned] == [
        "sign awaw-desktop.exe and awaw-desktop-cli.exe", "dist/awaw-desktop-1.2.3-windows-portable.zip",
        "dist/awaw-desktop-1.2.3-windows-setup.exe", "sign the installer"]
    assert all("WINDOWS_CERTIFICATE" in step.skipped for step in unsigned if step.what.startswith("sign"))
    installer = next(step for step in unsigned if step.command and step.command[0] == "iscc")
    assert not installer.skipped and installer.command[-1].endswith("awaw-desktop.iss")
    signed = release.plan("windows", {"WINDOWS_CERTIFICATE": "x", "WINDOWS_CERTIFICATE_PASSWORD": "y"}, "1.2.3")
    assert not any(step.skipped for step in signed)


def test_mac_release_steps_sign_ad_hoc_and_skip_notarization_without_an_account():
    steps = release.plan("macos", {}, "1.2.3")
    assert "ad hoc" in steps[0].what and steps[0].command[-2] == "-"
    assert steps[1].command[0] == "hdiutil" and steps[1].command[-1].endswith("awaw-desktop-1.2.3-macos.dmg")
    assert "APPLE_ID" in steps[2].skipped
    account = {"MACOS_SIGNING_IDENTITY": "Developer ID Application: Club", "APPLE_ID": "a", "APPLE_TEAM_ID": "b",
               "APPLE_APP_PASSWORD": "c"}
    trusted = release.plan("macos", account, "1.2.3")
    assert "Developer ID Application: Club" in trusted[0].command and not trusted[2].skipped
    unsigned_with_account = release.plan("macos", {key: value for key, value in account.items()
                                                   if key != "MACOS_SIGNING_IDENTITY"}, "1.2.3")
    assert "Developer ID" in unsigned_with_account[2].skipped


def test_a_dry_run_reads_another_systems_steps_and_a_real_run_refuses_to(capsys):
    assert release.main(["--dry-run", "--system", "windows"]) == 0
    printed = capsys.readouterr().out
    assert "skipped: no code-signing certificate" in printed and "iscc" in printed
    with pytest.raises(SystemExit):
        release.main(["--system", "macos" if sys.platform != "darwin" else "windows"])


def test_linux_release_is_a_tarball_with_the_installer():
    (step,) = release.plan("linux", {}, "1.2.3")
    assert step.command is None and "linux-x86_64.tar.gz" in step.what
