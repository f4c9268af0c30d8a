// fails: mask
// The shuffle inside "if (lane >= d)": lanes 0..d-1 are named in the mask but never call it.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 1; d < 32; d *= 2) {
        if (lane >= d) {
            v += __shfl_up_sync(0xffffffff, v, d);
        }
    }
    out[i] = v;
}
