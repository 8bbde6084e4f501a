"""The standalone archive and the .deb on minimal Debian 11, 12 and 13 systems, as a player
would meet them: a root made by debootstrap from this machine's Debian mirror (no Python; the
OpenGL, font and X11 client libraries a desktop has), a user `player`, the window on the
test's Xvfb display. Debian 11's glibc (2.31) is too old: install.sh and apt must refuse it.

Needs root (debootstrap, chroot, mounts in a private namespace). The roots are cached in
/var/cache/megalith-ci (packaging/debian_root.sh) and copied for each test; with no mirror
answering, the tests skip and say so."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT, VERSION
from tests.packaging.frames import (assert_the_record_s_board_is_drawn, grab_display,
                                    save_record)

pytestmark = pytest.mark.slow
ARCHIVE = f"megalith-{VERSION}-linux-x86_64.tar.gz"
DEB = f"megalith_{VERSION}-1_amd64.deb"
# A player's desktop without Python: OpenGL with Mesa's drivers, fonts, the X11 libraries.
PLAYER_PACKAGES = ("libgl1 libegl1 libgl1-mesa-dri libglx-mesa0 fontconfig fonts-dejavu-core "
                   "libx11-6 libx11-xcb1 libxcb1 libxkbcommon-x11-0 libxcb-cursor0 "
                   "libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 "
                   "libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 "
                   "libdbus-1-3 shared-mime-info").split()
GLIB = {"bullseye": "libglib2.0-0", "bookworm": "libglib2.0-0", "trixie": "libglib2.0-0t64"}
# What uninstalling may leave in the player's home: the saves and settings the README names,
# and the shared caches of fontconfig, Mesa's and Qt's shader compilers, which every program
# that draws text or uses OpenGL (with Qt) fills (Mesa 25 names its folder
# mesa_shader_cache_db).
DOCUMENTED = (".config/megalith", ".local/share/megalith", ".cache/fontconfig",
              ".cache/mesa_shader_cache", ".cache/qtshadercache-")


def documented(path: str) -> bool:
    """Inside a documented folder, or one of the folders that hold one (`.local/share`)."""
    return any(path.startswith(folder) or folder.startswith(path + "/")
               for folder in DOCUMENTED)


def player_root(suite: str, tmp_path: Path) -> Path:
    """A fresh copy of the cached root for `suite`, with the user `player`."""
    if os.geteuid() != 0:
        pytest.skip("the Debian roots need root (debootstrap, chroot)")
    done = subprocess.run([str(ROOT / "packaging" / "debian_root.sh"), suite, "player",
                           *PLAYER_PACKAGES, GLIB[suite]],
                          capture_output=True, text=True, timeout=1800)
    if done.returncode == 3:
        pytest.skip(f"no Debian mirror answers: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    copy = tmp_path / suite
    subprocess.run(["cp", "-a", done.stdout.strip(), str(copy)], check=True, timeout=600)
    shutil.copy("/etc/resolv.conf", copy / "etc" / "resolv.conf")
    subprocess.run(["chroot", str(copy), "useradd", "-m", "-s", "/bin/sh", "player"],
                   check=True, timeout=60)
    return copy


def in_root(root: Path, command: str, user: str = "player") -> list[str]:
    """`command` (sh) run in `root` as `user`, with /proc, /dev and the X socket mounted in a
    private namespace (they vanish with the process)."""
    home = "/root" if user == "root" else f"/home/{user}"
    mounts = (f"mount -t proc proc {root}/proc && mount --bind /dev {root}/dev && "
              f"mkdir -p {root}/tmp/.X11-unix && mount --bind /tmp/.X11-unix {root}/tmp/.X11-unix")
    inside = (f"env -i HOME={home} PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/usr/games "
              f"LANG=C.UTF-8 DISPLAY={os.environ['DISPLAY']} DEBIAN_FRONTEND=noninteractive "
              f"MEGALITH_REPORT_FIRST_FRAME=1 QT_QPA_PLATFORM=xcb sh -c 'cd && {command}'")
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            f"{mounts} && exec chroot --userspec={user}:{user} {root} {inside}"]


def run(root: Path, command: str, user: str = "player",
        timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(in_root(root, command, user), capture_output=True, text=True,
                          timeout=timeout)


def home_files(root: Path) -> set[str]:
    home = root / "home" / "player"
    return {str(p.relative_to(home)) for p in home.rglob("*")}


def check_the_installed_program(root: Path, command: str, tmp_path: Path) -> None:
    """`megalith --version`, `megalith check` of a record, and the window's first frame."""
    save_record(root / "home" / "player" / "game.megalith")
    subprocess.run(["chroot", str(root), "chown", "player:player", "/home/player/game.megalith"],
                   check=True)
    done = run(root, f"{command} --version")
    assert (done.returncode, done.stdout) == (0, f"megalith {VERSION}\n"), done.stderr
    done = run(root, f"{command} check game.megalith")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == ["game: drogo -size=4", "players: ann bob", "ply: 2"]

    before = grab_display(os.environ["DISPLAY"], tmp_path)
    process = subprocess.Popen(in_root(root, f"exec {command} game.megalith"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    try:
        drawn = any(line.strip() == "FIRST-FRAME" for line in process.stdout)
        after = grab_display(os.environ["DISPLAY"], tmp_path) if drawn else before
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert drawn, process.stderr.read() if process.stderr else ""
    assert_the_record_s_board_is_drawn(before, after)


def unpack_archive(root: Path, artifacts: Path) -> None:
    shutil.copy(artifacts / ARCHIVE, root / "home" / "player")
    done = run(root, f"tar xzf {ARCHIVE}")
    assert done.returncode == 0, done.stderr


def test_debian_11_is_refused_clearly_by_install_sh_and_apt(artifacts, tmp_path) -> None:
    root = player_root("bullseye", tmp_path)
    unpack_archive(root, artifacts)
    done = run(root, f"megalith-{VERSION}/install.sh")
    assert done.returncode == 1
    assert f"Megalith {VERSION} was NOT installed: this system lacks" in done.stderr
    assert "glibc 2.34 or newer (this system has 2.31)" in done.stderr
    assert "is installed" not in done.stdout + done.stderr
    assert not (root / "home" / "player" / ".local").exists()
    # run directly, the program says so too, before Qt's loader can complain
    done = run(root, f"megalith-{VERSION}/megalith/megalith --version")
    assert (done.returncode, done.stdout) == (1, ""), done.stdout + done.stderr
    assert done.stderr == ("Megalith cannot run here: it needs glibc 2.34 or newer (Ubuntu "
                           "22.04, Debian 12, Fedora 35, RHEL 9 or later); this system has "
                           "glibc 2.31.\n")

    shutil.copy(artifacts / DEB, root / "tmp")
    done = run(root, f"apt-get update -qq && apt-get install -y -q /tmp/{DEB}", user="root",
               timeout=900)
    assert done.returncode != 0
    assert "libc6 (>= 2.34)" in done.stdout + done.stderr
    assert not (root / "usr" / "games" / "megalith").exists()


@pytest.mark.parametrize("suite", ["bookworm", "trixie"])
def test_the_archive_installs_runs_and_uninstalls_for_a_player(suite, artifacts,
                                                                 tmp_path) -> None:
    root = player_root(suite, tmp_path)
    unpack_archive(root, artifacts)
    fonts = root / "etc" / "fonts" / "fonts.conf"
    fonts.rename(fonts.with_suffix(".away"))  # as on a system without fontconfig-config
    done = run(root, f"megalith-{VERSION}/install.sh")
    assert done.returncode == 1 and "fontconfig-config" in done.stderr, done.stderr
    assert not (root / "home" / "player" / ".local").exists()
    fonts.with_suffix(".away").rename(fonts)

    before = home_files(root)
    done = run(root, f"megalith-{VERSION}/install.sh")
    assert done.returncode == 0, done.stderr
    assert f"Megalith {VERSION} is installed: /home/player/.local/bin/megalith" in done.stdout
    check_the_installed_program(root, ".local/bin/megalith", tmp_path)

    done = run(root, ".local/lib/megalith/uninstall.sh")
    assert done.returncode == 0, done.stderr
    left = sorted(home_files(root) - before - {"game.megalith"})
    print("left in the player's home after uninstalling:", *left, sep="\n  ")
    assert left and all(documented(path) for path in left), left  # the settings, at least


@pytest.mark.parametrize("suite", ["bookworm", "trixie"])
def test_the_deb_installs_runs_and_is_removed_by_apt(suite, artifacts, tmp_path) -> None:
    root = player_root(suite, tmp_path)
    shutil.copy(artifacts / DEB, root / "tmp")
    done = run(root, f"apt-get update -qq && apt-get install -y -q /tmp/{DEB}", user="root",
               timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    listed = run(root, "dpkg -L megalith", user="root").stdout.split()
    assert "/usr/share/metainfo/io.megalith.megalith.metainfo.xml" in listed
    assert "/usr/share/applications/megalith.desktop" in listed
    assert "application/x-megalith-record" in (root / "usr/share/mime/types").read_text()
    check_the_installed_program(root, "megalith", tmp_path)

    done = run(root, "apt-get remove --purge -y -q megalith", user="root", timeout=300)
    assert done.returncode == 0, done.stderr
    left = [path for path in listed if path.startswith("/usr/") and (root / path[1:]).is_file()]
    assert left == []
    assert "megalith" not in (root / "usr/share/mime/types").read_text()
    assert not (root / "usr" / "lib" / "megalith").exists()
