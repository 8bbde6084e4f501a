"""An offscreen render of a position's pickable solids with one flat colour per cell: the
cell drawn at every pixel, from the same prisms the view draws and picks
(desktop.views.picking). It is how picking is checked against the picture: the ray cast
must name, at every pixel, the cell this render shows there.

Drawn with OpenGL's fixed pipeline in the given widget's context, into a framebuffer of
the camera's size; nothing on screen changes."""

from __future__ import annotations

import numpy as np
from OpenGL import GL
from PySide6.QtCore import QSize
from PySide6.QtOpenGL import QOpenGLFramebufferObject
from PySide6.QtOpenGLWidgets import QOpenGLWidget

from megalith.desktop.views.camera import Camera
from megalith.desktop.views.meshes import Mesh, PrismSet
from megalith.desktop.views.picking import PickScene

NOTHING = -1  # no cell at a pixel (the slab, the background)


def id_prisms(prisms: PrismSet) -> PrismSet:
    """The same prisms, every face drawn, coloured by cell: cell c as the 24-bit number
    c + 1 in red, green and blue."""
    out = PrismSet()
    for poly, z0, z1, cell in zip(prisms.polys, prisms.bottoms, prisms.tops, prisms.cells):
        code = cell + 1
        rgba = np.array([code & 255, (code >> 8) & 255, (code >> 16) & 255, 255]) / 255.0
        out.add(poly, z0, z1, rgba, underside=1.0, cell=cell)
    return out


def render_ids(widget: QOpenGLWidget, camera: Camera, scene: PickScene) -> np.ndarray:
    """The cell index drawn at every pixel (height, width) of the camera's picture, rows
    from the top; NOTHING where no cell is drawn."""
    mesh = Mesh.concat([id_prisms(scene.tiles).mesh(sides=(1.0, 0.0)),
                        id_prisms(scene.solids).mesh(sides=(1.0, 0.0))])
    width, height = camera.width, camera.height
    widget.makeCurrent()
    target = QOpenGLFramebufferObject(
        QSize(width, height), QOpenGLFramebufferObject.Attachment.CombinedDepthStencil)
    try:
        target.bind()
        GL.glViewport(0, 0, width, height)
        GL.glClearColor(0.0, 0.0, 0.0, 1.0)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
        GL.glUseProgram(0)
        for flag in (GL.GL_BLEND, GL.GL_CULL_FACE, GL.GL_DITHER, GL.GL_MULTISAMPLE,
                     GL.GL_LIGHTING):
            GL.glDisable(flag)
        GL.glEnable(GL.GL_DEPTH_TEST)
        GL.glDepthFunc(GL.GL_LESS)
        GL.glShadeModel(GL.GL_FLAT)
        GL.glMatrixMode(GL.GL_PROJECTION)
        GL.glLoadMatrixd(camera.projection_matrix().T.flatten())
        GL.glMatrixMode(GL.GL_MODELVIEW)
        GL.glLoadMatrixd(camera.view_matrix().T.flatten())
        colours = np.round(mesh.colours[:, :3] * 255.0).astype(np.uint8)
        GL.glEnableClientState(GL.GL_VERTEX_ARRAY)
        GL.glEnableClientState(GL.GL_COLOR_ARRAY)
        GL.glVertexPointer(3, GL.GL_FLOAT, 0, np.ascontiguousarray(mesh.vertices))
        GL.glColorPointer(3, GL.GL_UNSIGNED_BYTE, 0, np.ascontiguousarray(colours))
        GL.glDrawElements(GL.GL_TRIANGLES, mesh.faces.size, GL.GL_UNSIGNED_INT,
                          np.ascontiguousarray(mesh.faces))
        GL.glDisableClientState(GL.GL_COLOR_ARRAY)
        GL.glDisableClientState(GL.GL_VERTEX_ARRAY)
        GL.glPixelStorei(GL.GL_PACK_ALIGNMENT, 1)
        raw = GL.glReadPixels(0, 0, width, height, GL.GL_RGB, GL.GL_UNSIGNED_BYTE)
        target.release()
    finally:
        del target
        widget.doneCurrent()
    pixels = np.frombuffer(raw, np.uint8).reshape(height, width, 3)[::-1].astype(np.int64)
    result: np.ndarray = pixels[:, :, 0] + (pixels[:, :, 1] << 8) + (pixels[:, :, 2] << 16) - 1
    return result
