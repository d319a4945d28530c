import torch


def try_copy(dst_shape, src_shape):
    dst, src = torch.zeros(dst_shape), torch.ones(src_shape)
    try:
        dst.copy_(src)
        return "copied (src broadcast to dst)"
    except RuntimeError as e:
        return type(e).__name__ + ": " + str(e).splitlines()[0]


for dst_shape, src_shape in [((2, 3), (3,)), ((2, 3), (1, 3)), ((2, 3), (3, 2)), ((6,), (2, 3))]:
    print(f"dst {str(dst_shape):<7} <- src {str(src_shape):<7} {try_copy(dst_shape, src_shape)}")
