"""`pip install .` (pyproject.toml): builds the Python module `bpgn` and the `bpgn` program with
CMake, then installs the module and, as the distribution's script, the program itself (the C++
binary in the environment's bin/, no Python wrapper: a run starts as fast as the command's own).

The CMake build goes to build-python/ (beside the project's build/) and is kept for the next run.
Environment:
  BPGN_CMAKE_BUILD_DIR  a CMake build folder configured already (e.g. build/): its targets are
                        brought up to date and taken from there instead
  BPGN_CMAKE_ARGS       more arguments for the configure step (e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  CMAKE_BUILD_PARALLEL_LEVEL  as for cmake --build (default: the number of cores)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
try:
    from setuptools.command.build_scripts import build_scripts
except ImportError:  # setuptools before 69 (Debian 12: 66) uses distutils' command
    from distutils.command.build_scripts import build_scripts

SOURCE = Path(__file__).resolve().parent
(SOURCE / "build-python").mkdir(exist_ok=True)  # egg_base below must exist
VERSION = re.search(r"^project\(bpgn VERSION ([0-9.]+)", (SOURCE / "CMakeLists.txt").read_text(), re.M).group(1)


def cmake_build_dir():
    given = os.environ.get("BPGN_CMAKE_BUILD_DIR")
    return Path(given).resolve() if given else SOURCE / "build-python"


def built_once(self):
    """Configures (unless BPGN_CMAKE_BUILD_DIR names a configured build) and builds the module and
    the program, once for both commands; returns the build folder."""
    dist = self.distribution
    if getattr(dist, "bpgn_built", None):
        return dist.bpgn_built
    build = cmake_build_dir()
    if not os.environ.get("BPGN_CMAKE_BUILD_DIR"):
        configure = ["cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DBUILD_TESTING=OFF", "-DBPGN_BENCH=OFF", "-DCMAKE_UNITY_BUILD=ON",
                     # the module for the Python that runs pip (a venv's, pyenv's), not /usr/bin/python3
                     f"-DBPGN_MODULE_PYTHON={sys.executable}"]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"] if not (build / "CMakeCache.txt").exists() else []
        if shutil.which("ccache") and "CMAKE_CXX_COMPILER_LAUNCHER" not in os.environ.get("BPGN_CMAKE_ARGS", ""):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        configure += shlex.split(os.environ.get("BPGN_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
    subprocess.run(["cmake", "--build", str(build), "--target", "bpgn", "bpgn_python", "-j", jobs], check=True)
    dist.bpgn_built = build
    return build


class CMakeBuildExt(build_ext):
    """The module as CMake built it (src/python/CMakeLists.txt), where setuptools wants it."""

    def build_extension(self, ext):
        build = built_once(self)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        module = build / "src" / "python" / f"bpgn{suffix}"
        if not module.exists():
            found = sorted(p.name for p in (build / "src" / "python").glob("bpgn.*.so"))
            raise RuntimeError(f"no {module} (found: {found}): the module is built for another Python "
                               "or not at all (pybind11-dev, python3-dev; CMake's output says which)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module, target)


class ProgramAsScript(build_scripts):
    """The `bpgn` program as CMake built it, as the distribution's one script (installed into the
    environment's bin/ as it is: no shebang to rewrite in a binary)."""

    def run(self):
        build = built_once(self)
        os.makedirs(self.build_dir, exist_ok=True)
        target = os.path.join(self.build_dir, "bpgn")
        shutil.copy2(build / "bpgn", target)
        os.chmod(target, 0o755)
        if shutil.which("strip"):  # as cmake --install does (BPGN_INSTALL_STRIP)
            subprocess.run(["strip", target], check=True)


setup(
    version=VERSION,
    ext_modules=[Extension("bpgn", sources=[])],
    # The name of the program's script; ProgramAsScript writes it from the CMake build.
    scripts=["bpgn"],
    cmdclass={"build_ext": CMakeBuildExt, "build_scripts": ProgramAsScript},
    # No Python package to discover (src/ is C++), and setuptools' own files in build-python/ too.
    packages=[],
    py_modules=[],
    options={"build": {"build_base": "build-python/setuptools"}, "egg_info": {"egg_base": "build-python"}},
    zip_safe=False,
)
