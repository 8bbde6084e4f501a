"""The 3D view's camera in plain numpy.

The matrices reproduce pyqtgraph's GLViewWidget (euler rotation method) exactly, so that the
view can project cells to the screen and cast rays for picking without any GL state, and so
that both can be tested without a screen (tests/desktop/views/test_picking.py compares them
with pyqtgraph's own QMatrix4x4 results). An orthographic camera (the top view) shows at every
depth the scale a perspective camera shows at its centre, so switching keeps the board's size.

`frame` finds the centre and distance that fit given points in the window, and `blend`
interpolates between two poses for animated turns and resets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

ORTHO_FAR = 10.0  # the orthographic far plane, in camera distances (depth precision)
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
    `height` are the widget's size in logical pixels; `ortho` makes the projection
    orthographic with the scale a perspective camera has at `center`."""

    center: tuple[float, float, float]
    distance: float
    elevation: float
    azimuth: float
    fov: float
    width: int
    height: int
    ortho: bool = False

    def half_width(self) -> float:
        """Half the width of the view, in world units, at the distance of `center`."""
        return self.distance * math.tan(0.5 * math.radians(self.fov))

    def view_matrix(self) -> np.ndarray:
        cx, cy, cz = self.center
        result: np.ndarray = (_translation(0.0, 0.0, -self.distance)
                              @ _rotation(self.elevation - 90.0, (1.0, 0.0, 0.0))
                              @ _rotation(self.azimuth + 90.0, (0.0, 0.0, -1.0))
                              @ _translation(-cx, -cy, -cz))
        return result

    def projection_matrix(self) -> np.ndarray:
        near = self.distance * 0.001
        if self.ortho:
            return ortho_matrix(self.half_width(), self.height / self.width, near,
                                self.distance * ORTHO_FAR)
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
        result: np.ndarray = self.projection_matrix() @ self.view_matrix()
        return result

    def eye(self) -> np.ndarray:
        """The camera's position in world coordinates."""
        origin = np.array([0.0, 0.0, 0.0, 1.0])
        result: np.ndarray = (np.linalg.inv(self.view_matrix()) @ origin)[:3]
        return result

    def toward_viewer(self, points: np.ndarray) -> np.ndarray:
        """Unit vectors (n, 3) from world points towards the camera (all alike when
        orthographic)."""
        pts = np.atleast_2d(np.asarray(points, float))
        if self.ortho:
            back = np.linalg.inv(self.view_matrix()) @ np.array([0.0, 0.0, 1.0, 0.0])
            toward: np.ndarray = np.broadcast_to(back[:3] / np.linalg.norm(back[:3]),
                                                 pts.shape).copy()
            return toward
        toward = self.eye() - pts
        unit: np.ndarray = toward / np.linalg.norm(toward, axis=1, keepdims=True)
        return unit

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (n, 3) to widget pixel positions (n, 2), y down."""
        pts = np.atleast_2d(np.asarray(points, float))
        clip = np.c_[pts, np.ones(len(pts))] @ self.matrix().T
        ndc = clip[:, :3] / clip[:, 3:4]
        result: np.ndarray = np.c_[(ndc[:, 0] + 1.0) * 0.5 * self.width,
                                   (1.0 - ndc[:, 1]) * 0.5 * self.height]
        return result

    def depth(self, points: np.ndarray) -> np.ndarray:
        """Window depth (0 near .. 1 far, as GL's depth buffer stores it) of world points."""
        pts = np.atleast_2d(np.asarray(points, float))
        clip = np.c_[pts, np.ones(len(pts))] @ self.matrix().T
        result: np.ndarray = (clip[:, 2] / clip[:, 3] + 1.0) * 0.5
        return result

    def rays(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`ray` for many widget pixels at once: origins and unit directions (n, 3)."""
        ndc = np.c_[2.0 * np.asarray(xs, float) / self.width - 1.0,
                    1.0 - 2.0 * np.asarray(ys, float) / self.height]
        inverse = np.linalg.inv(self.matrix())
        ones = np.ones(len(ndc))
        near = np.c_[ndc, -ones, ones] @ inverse.T
        far = np.c_[ndc, ones, ones] @ inverse.T
        origins = near[:, :3] / near[:, 3:]
        directions = far[:, :3] / far[:, 3:] - origins
        return origins, directions / np.linalg.norm(directions, axis=1, keepdims=True)

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


def ortho_matrix(half_width: float, aspect: float, near: float, far: float,
                 window: tuple[float, float, float, float] = (-1.0, 1.0, -1.0, 1.0)
                 ) -> np.ndarray:
    """QMatrix4x4.ortho over a box `half_width` wide each side (times `aspect` up and
    down); `window` picks a sub-rectangle of it in normalised units (left, right, bottom,
    top), as pyqtgraph's projection does for a region of the viewport."""
    r, t = half_width, half_width * aspect
    left, right, bottom, top = window[0] * r, window[1] * r, window[2] * t, window[3] * t
    m = np.eye(4)
    m[0, 0] = 2.0 / (right - left)
    m[1, 1] = 2.0 / (top - bottom)
    m[2, 2] = -2.0 / (far - near)
    m[0, 3] = -(right + left) / (right - left)
    m[1, 3] = -(top + bottom) / (top - bottom)
    m[2, 3] = -(far + near) / (far - near)
    return m


def frame(camera: Camera, points: np.ndarray, margin: float = 12.0) -> Camera:
    """The camera turned as `camera` is, moved so that `points` (n, 3) fill the window,
    centred, with `margin` pixels to spare on the tighter side."""
    pts = np.atleast_2d(np.asarray(points, float))
    centre = pts.mean(axis=0)
    current = replace(camera, center=(float(centre[0]), float(centre[1]), 0.0))
    for _ in range(4):  # fit the distance, then centre the picture; repeat until still
        current = _fit_distance(current, pts, margin)
        shown = current.project(pts)
        middle = (shown.min(axis=0) + shown.max(axis=0)) / 2
        dx, dy = middle - (current.width / 2, current.height / 2)
        if abs(dx) < 0.5 and abs(dy) < 0.5:
            break
        per_pixel = 2.0 * current.half_width() / current.width
        a = math.radians(current.azimuth)
        right = np.array([-math.sin(a), math.cos(a)])
        forward = np.array([-math.cos(a), -math.sin(a)])
        lean = max(math.sin(math.radians(current.elevation)), 0.2)
        shift = right * dx * per_pixel - forward * dy * per_pixel / lean
        cx, cy, cz = current.center
        current = replace(current, center=(cx + float(shift[0]), cy + float(shift[1]), cz))
    return current


def _fit_distance(camera: Camera, points: np.ndarray, margin: float) -> Camera:
    """The largest picture of the points that fits: bisection on the distance."""
    def fits(distance: float) -> bool:
        shown = replace(camera, distance=distance).project(points)
        return bool(np.all(shown >= margin) and np.all(shown[:, 0] <= camera.width - margin)
                    and np.all(shown[:, 1] <= camera.height - margin))

    spread = float(np.ptp(points, axis=0).max()) + 1.0
    low, high = spread * 0.05, spread * 2.0
    while not fits(high) and high < spread * 1000:
        high *= 2.0
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (low, middle) if fits(middle) else (middle, high)
    return replace(camera, distance=high)


@dataclass(frozen=True)
class Pose:
    """Where the camera is, without the window: what an animation moves."""

    center: tuple[float, float, float]
    distance: float
    elevation: float
    azimuth: float
    ortho: bool = False


def blend(start: Pose, end: Pose, t: float) -> Pose:
    """The pose a fraction `t` of the way from `start` to `end` (eased; the azimuth turns
    by exactly the difference, so 180 degrees and more turn the way asked; orthographic
    only once there)."""
    s = t * t * (3.0 - 2.0 * t)  # smoothstep: no jolt at either end
    turn = end.azimuth - start.azimuth
    centre = tuple(a + (b - a) * s for a, b in zip(start.center, end.center))
    return Pose((centre[0], centre[1], centre[2]),
                start.distance + (end.distance - start.distance) * s,
                start.elevation + (end.elevation - start.elevation) * s,
                start.azimuth + turn * s, end.ortho if t >= 1.0 else False)


def nearest_turn(current: float, target: float) -> float:
    """The angle equal to `target` modulo 360 that is nearest to `current`."""
    return current + (target - current + 180.0) % 360.0 - 180.0
