// stars: 2
// Counts the trips first: trip k handles element t + k * stride. Right, and coalesced, but
// the extra multiply per trip costs cycles: not within 1.25 x the reference.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int trips = (n - t + stride - 1) / stride;
    for (int k = 0; k < trips; k++) {
        int i = t + k * stride;
        out[i] += in[i];
    }
}
