import copy

from torch import nn


def shared_with(snapshot, model):
    """Names of snapshot entries whose memory the model still uses."""
    live = {t.untyped_storage().data_ptr() for t in model.state_dict().values()}
    return [k for k, v in snapshot.items() if v.untyped_storage().data_ptr() in live]


model = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2))
print("best = model.state_dict():         ", shared_with(model.state_dict(), model))
print("best = deepcopy(model.state_dict()):", shared_with(copy.deepcopy(model.state_dict()), model))
