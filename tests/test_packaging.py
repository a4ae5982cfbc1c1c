"""The desktop integration files in packaging/ agree with each other and with the app (no build needed;
packaging/smoke.py builds and runs the bundle)."""

import configparser
import struct
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from awaw_desktop import __version__

PACKAGING = Path(__file__).resolve().parents[1] / "packaging"
APP_ID = "io.github.awaw_desktop.AwawDesktop"
MIME = "application/x-awaw-session"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
MIME_ICON = "application-x-awaw-session"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive in desktop files
    parser.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_app_id_is_the_same_everywhere():
    for name in ("render_icons.py", "smoke.py", "linux/install.sh"):
        assert f'"{APP_ID}"' in (PACKAGING / name).read_text(encoding="utf-8"), name


def test_the_menu_entry_opens_session_files_with_the_app():
    entry = desktop_entry()
    assert entry["Exec"] == "awaw-desktop %f"
    assert entry["Icon"] == APP_ID
    assert entry["MimeType"].split(";") == [MIME, ""]
    assert entry["StartupWMClass"] == "awaw-desktop"  # Qt's window class: the program's name


def test_the_mime_type_claims_awaw_files_and_shows_the_app_icon():
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ET.parse(PACKAGING / "linux" / f"{APP_ID}.xml").getroot()
    (mime_type,) = root.findall("m:mime-type", ns)
    assert mime_type.get("type") == MIME
    assert [glob.get("pattern") for glob in mime_type.findall("m:glob", ns)] == ["*.awaw"]
    icon = mime_type.find("m:icon", ns)
    # The name desktops look a MIME type's icon up by, installed under hicolor's mimetypes (issue 29: under the
    # app's name it was not found in GNOME's default theme, and .awaw files showed a generic icon).
    assert icon is not None and icon.get("name") == MIME_ICON
    match = mime_type.find("m:magic/m:match", ns)
    example = next((PACKAGING.parent / "resources" / "examples").glob("*.awaw")).read_text(encoding="utf-8")
    assert match is not None and match.get("value", "") in example[:256]


def test_the_metainfo_names_the_menu_entry_the_type_and_this_version():
    root = ET.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/mediatype") == MIME
    versions = [release.get("version") for release in root.findall("releases/release")]
    assert versions and versions[0] == __version__, "add a <release> for the new version"


def test_the_theme_icons_are_the_sizes_their_folders_say():
    for size in SIZES:
        png = (PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)
    svg = (PACKAGING / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes()
    assert svg == (PACKAGING / "icons" / "awaw-desktop.svg").read_bytes()


def test_the_windows_and_mac_icons_hold_every_size():
    ico = (PACKAGING / "icons" / "awaw-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    sizes = [ico[6 + 16 * index] or 256 for index in range(count)]
    assert (reserved, kind) == (0, 1) and sizes == [16, 24, 32, 48, 64, 128, 256]
    icns = (PACKAGING / "icons" / "awaw-desktop.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, offset = [], 8
    while offset < len(icns):
        kinds.append(icns[offset:offset + 4].decode())
        offset += struct.unpack(">I", icns[offset + 4:offset + 8])[0]
    assert {"icp4", "ic07", "ic08", "ic09", "ic10"} <= set(kinds)


def test_the_spec_ships_the_resources_the_wheel_ships():
    spec = (PACKAGING / "awaw-desktop.spec").read_text(encoding="utf-8")
    assert 'collect_submodules("awaw_desktop")' in spec  # the rules modules are imported by name
    assert '["package-data"]["awaw_desktop.resources"]' in spec
    with open(PACKAGING.parent / "pyproject.toml", "rb") as file:
        patterns = tomllib.load(file)["tool"]["setuptools"]["package-data"]["awaw_desktop.resources"]
    resources = PACKAGING.parent / "resources"
    shipped = {path for pattern in patterns for path in resources.glob(pattern)}
    for folder in ("examples", "readings"):  # what the app opens (File > Open Example, Help)
        # Every file, also in a family's own folder (the Europa example, issue 37).
        assert {path for path in (resources / folder).rglob("*") if path.is_file()} <= shipped, folder
    assert resources / "session.schema.json" in shipped


def test_every_package_of_the_app_is_in_the_wheel():
    """pyproject.toml lists the packages one by one: a new sub-package left out would be missing from
    ``pip install .`` (the editable install and the bundle would not show it)."""
    root = PACKAGING.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(root).parts) for init in (root / "awaw_desktop").rglob("__init__.py")}
    assert found <= listed, f"not in pyproject.toml's packages: {sorted(found - listed)}"


def test_a_session_file_has_its_own_icon_in_every_size():
    for size in SIZES:
        png = (PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "mimetypes" / f"{MIME_ICON}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (size, size)
    svg = (PACKAGING / "icons" / "hicolor" / "scalable" / "mimetypes" / f"{MIME_ICON}.svg").read_text(encoding="utf-8")
    assert svg == (PACKAGING / "icons" / "awaw-session.svg").read_text(encoding="utf-8")
    install = (PACKAGING / "linux" / "install.sh").read_text(encoding="utf-8")
    assert f'mime_icon="{MIME_ICON}"' in install and "/mimetypes/" in install


def test_the_window_icon_ships_with_the_package():
    """The app's windows take their icon from the package's resources (so the wheel and the bundle have it):
    the same pictures as the theme's."""
    resources = PACKAGING.parent / "resources" / "icons"
    shipped = sorted(resources.glob("awaw-desktop-*.png"))
    assert shipped
    for path in shipped:
        size = int(path.stem.rsplit("-", 1)[1])
        assert path.read_bytes() == (PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "apps"
                                     / f"{APP_ID}.png").read_bytes()
    with (PACKAGING.parent / "pyproject.toml").open("rb") as file:
        patterns = tomllib.load(file)["tool"]["setuptools"]["package-data"]["awaw_desktop.resources"]
    assert "icons/*.png" in patterns


def test_the_metainfo_names_its_developer_for_old_and_new_appstream():
    root = ET.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("developer/name") == root.findtext("developer_name") == "awaw-desktop maintainers"


def fake_bundle(folder: Path) -> Path:
    bundle = folder / "bundle"
    bundle.mkdir()
    program = bundle / "awaw-desktop"
    program.write_text("#!/bin/sh\necho awaw\n", encoding="utf-8")
    program.chmod(0o755)
    return bundle


def test_install_puts_a_users_data_files_in_xdg_data_home(tmp_path):
    import os
    import subprocess

    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_DATA_HOME": str(data)}
    script = PACKAGING / "linux" / "install.sh"
    done = subprocess.run(["bash", str(script), "--bundle", str(fake_bundle(tmp_path))], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert (home / ".local" / "bin" / "awaw-desktop").is_symlink()
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Exec={home}/.local/bin/awaw-desktop %f" in entry
    for path in (f"metainfo/{APP_ID}.metainfo.xml", f"mime/packages/{APP_ID}.xml",
                 f"icons/hicolor/48x48/apps/{APP_ID}.png", f"icons/hicolor/48x48/mimetypes/{MIME_ICON}.png",
                 f"icons/hicolor/scalable/mimetypes/{MIME_ICON}.svg"):
        assert (data / path).is_file(), path
    assert not (home / ".local" / "share").exists()
    removed = subprocess.run(["bash", str(script), "--uninstall"], env=env, capture_output=True, text=True,
                             timeout=60, check=False)
    assert removed.returncode == 0, removed.stderr
    left = [path for path in data.rglob("*") if path.is_file() and "awaw" in path.name.lower()]
    assert not left, left
    assert not os.path.lexists(home / ".local" / "bin" / "awaw-desktop")


def test_the_readmes_commands_use_sudo_only_where_it_exists():
    for readme in (PACKAGING.parent / "README.md", PACKAGING / "README.md"):
        for line in readme.read_text(encoding="utf-8").splitlines():
            if "apt-get install" in line:
                assert "sudo apt-get" not in line.replace("$(command -v sudo || true) apt-get", ""), line
