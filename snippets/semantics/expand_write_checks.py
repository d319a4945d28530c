import torch


def write_into_expanded(name, write):
    row = torch.arange(3.0)
    e = row.expand(2, 3)  # two rows over one row of memory
    try:
        with torch.no_grad():
            write(e)
        print(f"{name:<14} allowed | the shared row is now {row.tolist()}")
    except RuntimeError as err:
        print(f"{name:<14} RuntimeError: {str(err).splitlines()[0]}")


write_into_expanded("e.add_(1)", lambda e: e.add_(1))
write_into_expanded("e.copy_(ones)", lambda e: e.copy_(torch.ones(2, 3)))
write_into_expanded("e.fill_(5)", lambda e: e.fill_(5.0))
write_into_expanded("e.zero_()", lambda e: e.zero_())
write_into_expanded("e[0, 0] = 9", lambda e: e.__setitem__((0, 0), 9.0))
