// Each thread loads one element, works on something else while the load is in flight, and uses
// the value last. With timing=sm, 8 warps leave the schedulers waiting on the load; try
// n=4096 (16 blocks, 64 warps resident at once) to see other warps hide it.
__global__ void hide(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i];
        float acc = 0.0f;
        for (int k = 0; k < 20; k++) {
            acc = acc + 1.0f;
        }
        out[i] = v + acc;
    }
}
