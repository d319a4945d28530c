import torch

a = torch.arange(24.0).reshape(2, 3, 4)


def same_storage(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


ops = {
    "a[0, 1:]": lambda: a[0, 1:],
    "a[None]": lambda: a[None],
    "a[..., 0]": lambda: a[..., 0],
    "a.view(6, 4)": lambda: a.view(6, 4),
    "a.transpose(0, 2)": lambda: a.transpose(0, 2),
    "a.permute(2, 0, 1)": lambda: a.permute(2, 0, 1),
    "a.narrow(1, 0, 2)": lambda: a.narrow(1, 0, 2),
    "a.unsqueeze(0)": lambda: a.unsqueeze(0),
    "a[0].expand(5, 3, 4)": lambda: a[0].expand(5, 3, 4),
    "a.select(2, 1)": lambda: a.select(2, 1),
    "a.unbind(0)[1]": lambda: a.unbind(0)[1],
    "a.diagonal(dim1=1, dim2=2)": lambda: a.diagonal(dim1=1, dim2=2),
    "a.flatten()": lambda: a.flatten(),
    "a[torch.tensor(1)]": lambda: a[torch.tensor(1)],  # 0-d: what argmax() returns
    "a[[0, 1]]": lambda: a[[0, 1]],
    "a[torch.tensor([1])]": lambda: a[torch.tensor([1])],
    "a[True]": lambda: a[True],
    "a[a > 20]": lambda: a[a > 20],
    "a.index_select(0, i)": lambda: a.index_select(0, torch.tensor([0])),
    "a.flip(0)": lambda: a.flip(0),
}
for code, op in ops.items():
    print(f"{code:<28} {'view' if same_storage(op(), a) else 'copy'}")
