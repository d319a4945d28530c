from torch import nn

model = nn.Linear(2, 2)
checkpoint = {name: t.double() for name, t in model.state_dict().items()}  # float64 file

model.load_state_dict(checkpoint)
print(
    "copied in: model dtype",
    model.weight.dtype,
    "| same memory as checkpoint:",
    model.weight.data_ptr() == checkpoint["weight"].data_ptr(),
)
print("checkpoint still holds its own tensors:", checkpoint["weight"].dtype)

model.load_state_dict(checkpoint, assign=True)
print(
    "assign=True: model dtype",
    model.weight.dtype,
    "| same memory:",
    model.weight.data_ptr() == checkpoint["weight"].data_ptr(),
)
