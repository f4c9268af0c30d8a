// stars: 1
// Each thread takes its own contiguous chunk of ceil(n / 128) elements: right, but the 32
// lanes of a warp touch 32 elements a chunk apart, so each load and store needs many
// transactions instead of one.
__global__ void grid_stride(const int* in, int* out, int n) {
    int threads = blockDim.x * gridDim.x;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int chunk = (n + threads - 1) / threads;
    int end = min(n, (t + 1) * chunk);
    for (int i = t * chunk; i < end; i++) {
        out[i] += in[i];
    }
}
