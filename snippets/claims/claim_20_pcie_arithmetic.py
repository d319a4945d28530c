# PCIe 3.0: 8 GT/s per lane, 128b/130b encoding, 16 lanes, per direction.
link_bytes_per_s = 8e9 * 128 / 130 * 16 / 8
size = 100e6  # 100 MB
print(f"PCIe 3.0 x16 raw rate:        {link_bytes_per_s / 1e9:.2f} GB/s")
print(f"100 MB at the raw rate:       {size / link_bytes_per_s * 1e3:.2f} ms (a floor)")
for ms in (8, 10):
    rate = size / (ms / 1e3)
    share = rate / link_bytes_per_s
    print(f"{ms:>2} ms means an effective {rate / 1e9:5.2f} GB/s = {share:.0%} of raw")
