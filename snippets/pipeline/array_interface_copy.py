import numpy as np


class Picture:
    """Hands NumPy its pixels the way Pillow's Image does: as a fresh bytes object."""

    def __init__(self, height, width):
        self.shape = (height, width, 3)
        self.pixels = bytearray(height * width * 3)  # the image's own memory

    @property
    def __array_interface__(self):
        return {"shape": self.shape, "typestr": "|u1", "data": bytes(self.pixels), "version": 3}


picture = Picture(2, 2)
viewed = np.asarray(picture)
print("np.asarray writable:", viewed.flags.writeable)
print("np.asarray holds its own bytes:", type(viewed.base).__name__)
picture.pixels[0] = 255  # the image changes afterwards
print("np.asarray sees the change:", viewed[0, 0, 0] == 255)
copied = np.array(picture)
print("np.array writable:", copied.flags.writeable)
