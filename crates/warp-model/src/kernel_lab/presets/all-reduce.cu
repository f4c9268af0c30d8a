__global__ void all_sum(const int* in, int* out) {
    int v = in[threadIdx.x];
    for (int m = 16; m > 0; m /= 2) {
        v += __shfl_xor_sync(0xffffffff, v, m);
    }
    out[threadIdx.x] = v;   // every lane: 496
}
