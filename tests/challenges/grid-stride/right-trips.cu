// stars: 3
// Counts the trips first: trip k handles element t + k * stride. Right, and coalesced. The
// extra multiply per trip would cost cycles if each warp's costs were added up (the lab's cost
// model: 1,408 against 1,041, over 1.25 x); on the SM it issues while other warps wait on
// their loads: 33,961 SM cycles against the reference's 33,867.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int trips = (n - t + stride - 1) / stride;
    for (int k = 0; k < trips; k++) {
        int i = t + k * stride;
        out[i] += in[i];
    }
}
