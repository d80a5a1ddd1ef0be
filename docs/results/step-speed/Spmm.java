// Experiment of issue 18's "faster step" (docs/engine.md, "Where a pre-training step's time goes"), 2026-11-26.
// The value path of attention (gather V per edge, weight by attention, sum per destination through the incidence
// matrix) against one sparse product whose values are the attention weights; forward + backward, and the gradients compared.
// Run with the service jar's classes: unzip target/dipgnn-service-*-SNAPSHOT.jar -d /tmp/cp, then
// OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -cp "/tmp/cp/BOOT-INF/classes:/tmp/cp/BOOT-INF/lib/*" Spmm.java
import ai.djl.ndarray.*;
import ai.djl.ndarray.types.*;
import ai.djl.engine.Engine;
import ai.djl.training.GradientCollector;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import com.dipgnn.model.GraphOps;
import java.util.*;

public class Spmm {
  public static void main(String[] a) {
    int n=1040, E=14000, H=8, D=50; Random r=new Random(1);
    int[] src=new int[E], dst=new int[E];
    for(int e=0;e<E;e++){src[e]=r.nextInt(n);dst[e]=r.nextInt(n);}
    // sort by dst
    Integer[] ord=new Integer[E]; for(int i=0;i<E;i++)ord[i]=i;
    Arrays.sort(ord,(x,y)->dst[x]!=dst[y]?dst[x]-dst[y]:x-y);
    int[] s2=new int[E],d2=new int[E]; for(int i=0;i<E;i++){s2[i]=src[ord[i]];d2[i]=dst[ord[i]];}
    try (NDManager m=NDManager.newBaseManager()) {
      Engine eng=Engine.getInstance();
      long[] rows=new long[E],cols=new long[E]; for(int i=0;i<E;i++){rows[i]=d2[i];cols[i]=i;}
      NDArray inc=GraphOps.onesCoo(m,rows,cols,n,E);
      NDArray srcIdx=GraphOps.index(m,s2);
      // block indices for spmm: row = dst*H+h, col = src*H+h, edge-major e*H+h ordering
      long[] br=new long[E*H], bc=new long[E*H];
      for(int e=0;e<E;e++)for(int h=0;h<H;h++){br[e*H+h]=(long)d2[e]*H+h; bc[e*H+h]=(long)s2[e]*H+h;}
      NDArray bidx=m.create(new long[][]{br,bc});
      for(int rep=0;rep<2;rep++){
        try(NDManager s=m.newSubManager()){
          NDArray V=s.randomNormal(new Shape(n,H,D)); V.setRequiresGradient(true);
          NDArray A=s.randomUniform(0,1,new Shape(E,H)); A.setRequiresGradient(true);
          NDArray G=s.randomNormal(new Shape(n,H*D));
          long t0=System.nanoTime();
          NDArray out1;
          try(GradientCollector gc=eng.newGradientCollector()){
            NDArray vals=GraphOps.gatherRows(V,srcIdx);
            NDArray w=vals.mul(A.expandDims(2));
            out1=GraphOps.scatterSum(inc,w.reshape(E,H*D));
            gc.backward(out1.mul(G).sum());
          }
          float[] gv1=V.getGradient().toFloatArray(), ga1=A.getGradient().toFloatArray();
          long t1=System.nanoTime();
          NDArray V2=V.duplicate(); V2.setRequiresGradient(true); NDArray A2=A.duplicate(); A2.setRequiresGradient(true);
          long t2=System.nanoTime();
          NDArray out2;
          try(GradientCollector gc=eng.newGradientCollector()){
            NDArray sp=JniUtils.createSparseCoo((PtNDArray)bidx,(PtNDArray)A2.reshape(E*H),new Shape((long)n*H,(long)n*H));
            out2=sp.matMul(V2.reshape((long)n*H,D)).reshape(n,H*D);
            gc.backward(out2.mul(G).sum());
          }
          float[] gv2=V2.getGradient().toFloatArray(), ga2=A2.getGradient().toFloatArray();
          long t3=System.nanoTime();
          double dOut=out1.sub(out2).abs().max().getFloat(), dv=0, da=0;
          for(int i=0;i<gv1.length;i++)dv=Math.max(dv,Math.abs(gv1[i]-gv2[i]));
          for(int i=0;i<ga1.length;i++)da=Math.max(da,Math.abs(ga1[i]-ga2[i]));
          System.out.println(Arrays.toString(Arrays.copyOf(ga1,6))+" "+Arrays.toString(Arrays.copyOf(ga2,6))); System.out.printf("gather+scatter %.1f ms, spmm %.1f ms; diff out %.2e gV %.2e gA %.2e%n",(t1-t0)/1e6,(t3-t2)/1e6,dOut,dv,da);
        }
      }
    }
  }
}
