# If overlapping hides the copies completely, a step that spent a share f of its time waiting
# for them gets 1 / (1 - f) times faster: the gain depends on f, not on PyTorch.
for waiting_share in [0.0, 0.05, 0.091, 0.231, 0.5]:
    gain = 1 / (1 - waiting_share) - 1
    print(f"step spends {waiting_share:6.1%} waiting for copies -> at most {gain:5.1%} faster")
