"""The 3D view's camera in plain numpy.

The matrices reproduce pyqtgraph's GLViewWidget (euler rotation method) exactly, so that the
view can project cells to the screen and cast rays for picking without any GL state, and so
that both can be tested without a screen (tests/desktop/test_picking.py compares them with
pyqtgraph's own QMatrix4x4 results).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

MIN_ELEVATION = 5.0  # degrees: the camera never goes below (or level with) the board
MAX_ELEVATION = 90.0


def clamp_elevation(elevation: float) -> float:
    return min(MAX_ELEVATION, max(MIN_ELEVATION, elevation))


def _rotation(angle_degrees: float, axis: tuple[float, float, float]) -> np.ndarray:
    """The 4x4 right-handed rotation QMatrix4x4.rotate(angle, axis) applies."""
    x, y, z = np.asarray(axis, float) / np.linalg.norm(axis)
    a = math.radians(angle_degrees)
    c, s = math.cos(a), math.sin(a)
    t = 1.0 - c
    m = np.eye(4)
    m[:3, :3] = [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                 [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                 [t * x * z - s * y, t * y * z + s * x, t * z * z + c]]
    return m


def _translation(x: float, y: float, z: float) -> np.ndarray:
    m = np.eye(4)
    m[:3, 3] = (x, y, z)
    return m


@dataclass(frozen=True)
class Camera:
    """An orbiting camera: it looks at `center` from `distance` away, `elevation` degrees
    above the board plane and `azimuth` degrees around the vertical axis. `width` and
    `height` are the widget's size in logical pixels."""

    center: tuple[float, float, float]
    distance: float
    elevation: float
    azimuth: float
    fov: float
    width: int
    height: int

    def view_matrix(self) -> np.ndarray:
        cx, cy, cz = self.center
        return (_translation(0.0, 0.0, -self.distance)
                @ _rotation(self.elevation - 90.0, (1.0, 0.0, 0.0))
                @ _rotation(self.azimuth + 90.0, (0.0, 0.0, -1.0))
                @ _translation(-cx, -cy, -cz))

    def projection_matrix(self) -> np.ndarray:
        near = self.distance * 0.001
        far = self.distance * 1000.0
        r = near * math.tan(0.5 * math.radians(self.fov))
        t = r * self.height / self.width
        m = np.zeros((4, 4))
        m[0, 0] = near / r
        m[1, 1] = near / t
        m[2, 2] = -(far + near) / (far - near)
        m[2, 3] = -2.0 * far * near / (far - near)
        m[3, 2] = -1.0
        return m

    def matrix(self) -> np.ndarray:
        """Projection x view: world coordinates to clip coordinates."""
        return self.projection_matrix() @ self.view_matrix()

    def eye(self) -> np.ndarray:
        """The camera's position in world coordinates."""
        return (np.linalg.inv(self.view_matrix()) @ np.array([0.0, 0.0, 0.0, 1.0]))[:3]

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (n, 3) to widget pixel positions (n, 2), y down."""
        pts = np.atleast_2d(np.asarray(points, float))
        clip = np.c_[pts, np.ones(len(pts))] @ self.matrix().T
        ndc = clip[:, :3] / clip[:, 3:4]
        return np.c_[(ndc[:, 0] + 1.0) * 0.5 * self.width,
                     (1.0 - ndc[:, 1]) * 0.5 * self.height]

    def depth(self, points: np.ndarray) -> np.ndarray:
        """Window depth (0 near .. 1 far, as GL's depth buffer stores it) of world points."""
        pts = np.atleast_2d(np.asarray(points, float))
        clip = np.c_[pts, np.ones(len(pts))] @ self.matrix().T
        return (clip[:, 2] / clip[:, 3] + 1.0) * 0.5

    def ray(self, x: float, y: float) -> tuple[np.ndarray, np.ndarray]:
        """The ray under widget pixel (x, y): origin on the near plane and unit direction."""
        ndc_x = 2.0 * x / self.width - 1.0
        ndc_y = 1.0 - 2.0 * y / self.height
        inverse = np.linalg.inv(self.matrix())
        near = inverse @ np.array([ndc_x, ndc_y, -1.0, 1.0])
        far = inverse @ np.array([ndc_x, ndc_y, 1.0, 1.0])
        origin = near[:3] / near[3]
        direction = far[:3] / far[3] - origin
        return origin, direction / np.linalg.norm(direction)
