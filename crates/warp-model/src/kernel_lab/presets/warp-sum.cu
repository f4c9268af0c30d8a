__global__ void warp_sum(const int* in, int* out) {
    int v = in[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) {
        v += __shfl_down_sync(0xffffffff, v, offset);
    }
    if (threadIdx.x == 0) {
        out[0] = v;   // 0 + 1 + … + 31 = 496
    }
}
