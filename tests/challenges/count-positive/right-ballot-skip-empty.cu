// One vote per warp; lane 0 adds the count only when some lane voted yes.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned yes = __ballot_sync(0xffffffff, i < n && in[i] > 0);
    if ((threadIdx.x & 31) == 0 && yes != 0) {
        atomicAdd(&count[0], __popc(yes));
    }
}
