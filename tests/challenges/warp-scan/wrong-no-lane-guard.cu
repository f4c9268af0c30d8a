// fails: wrong
// Adds the shuffled value on every lane: lanes below d have no lane d below them and get
// their own value back, so they add themselves again.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 1; d < 32; d *= 2) {
        v += __shfl_up_sync(0xffffffff, v, d);
    }
    out[i] = v;
}
