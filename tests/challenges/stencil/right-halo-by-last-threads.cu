// stars: 3
// The halo loaded by the first three threads on the left and the last three on the right,
// the tile's neighbours summed by hand.
__global__ void stencil(const int* in, int* out, int n) {
    __shared__ int tile[134];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int v = 0;
    if (i < n) {
        v = in[i];
    }
    tile[t + 3] = v;
    if (t < 3) {
        int j = i - 3;
        tile[t] = j >= 0 ? in[j] : 0;
    }
    if (t >= 125) {
        int j = i + 3;
        tile[t + 6] = j < n ? in[j] : 0;
    }
    __syncthreads();
    if (i < n) {
        out[i] = tile[t] + tile[t + 1] + tile[t + 2] + tile[t + 3] + tile[t + 4] + tile[t + 5] + tile[t + 6];
    }
}
