// fails: compile
// A __device__ helper: the lab's subset has kernels only, so it does not compile.
__device__ int lane_id() {
    return threadIdx.x % 32;
}

__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0xffffffff, v, d);
    }
    if (lane_id() == 0) {
        out[i / 32] = v;
    }
}
