import torch


def nodes_created_by(make_copy, source):
    """How many autograd nodes one call creates: each new node takes the next sequence number."""
    probe = torch.ones(1, requires_grad=True)
    with torch.enable_grad():
        before = (probe * 1).grad_fn._sequence_nr()
    make_copy(source)
    with torch.enable_grad():
        after = (probe * 1).grad_fn._sequence_nr()
    return after - before - 1


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
plain = torch.tensor([1.0, 2.0, 3.0])
print("calibration, x * 2 + 1:       ", nodes_created_by(lambda t: t * 2 + 1, x))
print("x.clone().detach():           ", nodes_created_by(lambda t: t.clone().detach(), x))
print("x.detach().clone():           ", nodes_created_by(lambda t: t.detach().clone(), x))
print("plain.clone().detach():       ", nodes_created_by(lambda t: t.clone().detach(), plain))
with torch.no_grad():
    inside = nodes_created_by(lambda t: t.clone().detach(), x)
print("x.clone().detach() in no_grad:", inside)
