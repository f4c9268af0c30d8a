// fails: mask
// 0x0000ffff names lanes 0..15 only: lanes 16..31 call the vote without their bit.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool positive = i < n && in[i] > 0;
    unsigned votes = __ballot_sync(0x0000ffff, positive);
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&count[0], __popc(votes));
    }
}
