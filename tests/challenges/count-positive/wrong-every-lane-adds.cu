// fails: wrong
// Every lane adds the whole warp's count: each warp is counted 32 times.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned votes = __ballot_sync(0xffffffff, i < n && in[i] > 0);
    atomicAdd(&count[0], __popc(votes));
}
