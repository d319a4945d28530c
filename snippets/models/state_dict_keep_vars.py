from torch import nn

model = nn.Linear(3, 1)
for keep_vars in [False, True]:
    w = model.state_dict(keep_vars=keep_vars)["weight"]
    print(f"keep_vars={keep_vars}:".ljust(17), type(w).__name__.ljust(9),
          "| is model.weight:", w is model.weight, "| requires_grad:", w.requires_grad)
