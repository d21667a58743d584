/**
 * The legal and risk pages in the eight languages besides English, German and Simplified
 * Chinese (see `defaults.ts`): shorter than those, complete in substance (the same sections and
 * duties), so that a tenant with all 11 languages has every legal text in every language.
 */
import type { LocaleId } from "../../locales/languages.ts";
import type { PageSlug, VariantText } from "./store.ts";

type Legal = "terms" | "agreement" | "privacy" | "legal" | "risk";

const ZH_TW: Record<Legal, VariantText> = {
  terms: {
    title: "服務條款",
    summary: "使用本平台及其服務的規則。",
    body: `## 1. 適用範圍
本條款適用於本網站、網頁應用及透過其提供的全部服務。開立帳戶即表示您同時接受本條款、用戶協議、隱私政策與風險提示。

## 2. 資格與帳戶
您須達到所在國家的法定年齡，且不居住於禁止本服務的地區；僅以本人名義使用一個帳戶。請妥善保管登入密碼、提現密碼與兩步驗證；憑您的憑證發出的指令視為您本人的指令。

## 3. 訂單與價格
訂單按訂單記錄所示時間我方行情的價格執行；確認後除產品規則允許外不可撤銷。行情的明顯錯誤可予更正，受影響訂單按更正價格結算或作廢並退還本金。

## 4. 費用、充值與提現
費用、費率與限額列於「服務費率」頁面並於每次確認前顯示，調整僅適用於之後的訂單。充值經審核後入帳；提現須完成身分認證、提現密碼與流水要求。

## 5. 暫停、責任與變更
違反本條款或法律的帳戶可被暫停或關閉，除法律禁止外仍可提取餘額。我方對故意或重大過失造成的損失負責，不對市場虧損或因您洩露憑證造成的損失負責。條款變更至少提前 7 天公告。`,
  },
  agreement: {
    title: "用戶協議",
    summary: "您開立帳戶時接受的協議。",
    body: `## 1. 協議雙方與生效
本協議由您與本平台營運方（「我們」）訂立，自您註冊並接受時生效；您接受的版本會隨帳戶記錄。

## 2. 服務內容
我們提供現貨與合約錢包、數位資產與合約交易、定期理財產品及相關支付服務。

## 3. 您的義務
提供真實資訊並完成身分認證；帳戶僅供本人使用並只使用合法屬於您的資金；不得操縱價格、利用錯誤或以自動化手段干擾服務。

## 4. 風險與記錄
槓桿與短期合約可能損失全部本金或保證金。我們的總帳與訂單記錄為您餘額與訂單的依據；如有異議請於 30 天內告知。

## 5. 安全
**我們絕不會索取您的密碼**、提現密碼或驗證碼。任何索取者都不是我們。

## 6. 終止與爭議
無未結訂單時您可隨時註銷帳戶；我們可提前 30 天通知終止，嚴重違約時可立即終止。爭議請先聯繫客服，我們力爭於 15 個工作日內處理。`,
  },
  privacy: {
    title: "隱私政策",
    summary: "我們收集哪些資訊、原因，以及您的權利。",
    body: `## 收集的資訊
帳戶資訊（手機號碼、僅以單向雜湊儲存的密碼、語言與時區）、認證資訊（姓名、證件與照片）以及使用資訊（訂單、餘額、出入金、登入時間、IP 位址與裝置）。

## 用途與共享
用於營運帳戶與訂單、履行反洗錢等法定義務、保護帳戶及回覆您的請求。僅與代我們處理資料的服務商或依法要求的主管機關共享，絕不出售。

## 安全與保存
資料傳輸加密，上傳圖片去除中繼資料，員工存取依角色限制並記入稽核日誌。帳戶與交易記錄依法保存（通常 5 年），登入記錄保存 90 天。

## 您的權利
您可要求取得、更正或刪除資料（在法律範圍內）並反對處理，請聯繫客服。`,
  },
  legal: {
    title: "法律聲明",
    summary: "本服務的營運方及法律框架。",
    body: `## 營運方
本服務由應用頁尾所示公司營運，詳情可向客服索取。

## 非投資建議
本平台內容不構成投資、稅務或法律建議。

## 受限地區與智慧財產
本服務不在被禁止的地區提供，您須遵守使用地法律。軟體、文字與圖片受保護，僅可為使用本服務而使用。

## 準據法
除您居住國強制性法律另有規定外，適用營運方註冊地法律。`,
  },
  risk: {
    title: "風險提示",
    summary: "交易數位資產與合約可能使您損失全部資金。",
    body: `## 交易前請閱讀
- **價格波動迅速**，市場 24 小時運行。
- **槓桿放大虧損**：小幅波動即可能耗盡保證金並觸發強制平倉。
- **短期合約**結果不利時損失全部本金；理財提前贖回須支付違約金。
- **請僅用您能承受損失的資金交易。**

## 保護您的帳戶
**我們絕不會索取您的密碼**、提現密碼或驗證碼，也絕不會要求您轉帳至「安全帳戶」、安裝遠端控制軟體或支付解凍費用。`,
  },
};

const VI: Record<Legal, VariantText> = {
  terms: {
    title: "Điều khoản dịch vụ",
    summary: "Quy tắc sử dụng nền tảng và các dịch vụ.",
    body: `## 1. Phạm vi
Các điều khoản này áp dụng cho trang web, ứng dụng web và mọi dịch vụ cung cấp qua đó. Khi mở tài
khoản, bạn chấp nhận chúng cùng Thỏa thuận người dùng, Chính sách quyền riêng tư và Cảnh báo rủi ro.

## 2. Điều kiện và tài khoản
Bạn phải đủ tuổi theo luật nước mình, không cư trú nơi dịch vụ bị cấm, và chỉ dùng một tài khoản
cho chính mình. Hãy giữ bí mật mật khẩu, mật khẩu rút tiền và yếu tố xác thực thứ hai.

## 3. Lệnh và giá
Lệnh được khớp theo giá của nguồn giá chúng tôi tại thời điểm ghi trong lệnh. Lỗi giá hiển nhiên có
thể được sửa; lệnh liên quan được tất toán theo giá đã sửa hoặc hủy và hoàn tiền.

## 4. Phí, nạp và rút
Phí, tỷ lệ và hạn mức được nêu tại trang Biểu phí dịch vụ và trước mỗi lần xác nhận. Rút tiền cần xác
minh danh tính, mật khẩu rút tiền và quy tắc doanh số.

## 5. Đình chỉ, trách nhiệm và thay đổi
Tài khoản vi phạm có thể bị đình chỉ hoặc đóng. Chúng tôi chịu trách nhiệm với thiệt hại do cố ý hoặc
sơ suất nghiêm trọng, không chịu trách nhiệm với thua lỗ thị trường. Thay đổi được thông báo trước ít
nhất 7 ngày.`,
  },
  agreement: {
    title: "Thỏa thuận người dùng",
    summary: "Thỏa thuận bạn chấp nhận khi mở tài khoản.",
    body: `## 1. Các bên và hiệu lực
Thỏa thuận giữa bạn và đơn vị vận hành nền tảng ("chúng tôi"), có hiệu lực khi bạn đăng ký và chấp
nhận; phiên bản bạn chấp nhận được lưu cùng tài khoản.

## 2. Dịch vụ
Ví giao ngay và ví hợp đồng, giao dịch tài sản số và hợp đồng, sản phẩm tiết kiệm kỳ hạn và dịch vụ
thanh toán liên quan.

## 3. Nghĩa vụ của bạn
Cung cấp thông tin trung thực, hoàn tất xác minh danh tính, chỉ dùng tiền hợp pháp của mình, không
thao túng giá hay lợi dụng lỗi.

## 4. Rủi ro và hồ sơ
Hợp đồng đòn bẩy và ngắn hạn có thể mất toàn bộ tiền. Sổ cái của chúng tôi là căn cứ số dư; hãy báo
trong 30 ngày nếu thấy sai sót.

## 5. Bảo mật
**Chúng tôi không bao giờ hỏi mật khẩu của bạn**, mật khẩu rút tiền hay mã xác minh.

## 6. Chấm dứt và tranh chấp
Bạn có thể đóng tài khoản khi không còn lệnh mở; chúng tôi có thể chấm dứt với báo trước 30 ngày.
Vui lòng liên hệ CSKH trước; chúng tôi cố gắng giải quyết trong 15 ngày làm việc.`,
  },
  privacy: {
    title: "Chính sách quyền riêng tư",
    summary: "Chúng tôi thu thập gì, vì sao, và quyền của bạn.",
    body: `## Dữ liệu thu thập
Số điện thoại, mật khẩu (chỉ lưu dạng băm một chiều), ngôn ngữ; họ tên, giấy tờ và ảnh xác minh; lệnh,
số dư, nạp rút, thời gian đăng nhập, địa chỉ IP và thiết bị.

## Mục đích và chia sẻ
Vận hành tài khoản, thực hiện nghĩa vụ pháp lý (phòng chống rửa tiền), bảo vệ tài khoản. Chỉ chia sẻ
với nhà cung cấp xử lý thay chúng tôi hoặc cơ quan có thẩm quyền; không bao giờ bán dữ liệu.

## Bảo mật và lưu trữ
Truyền dữ liệu được mã hóa, ảnh được xóa siêu dữ liệu, truy cập của nhân viên được ghi nhật ký. Hồ sơ
giao dịch lưu theo luật (thường 5 năm), nhật ký đăng nhập 90 ngày.

## Quyền của bạn
Bạn có thể yêu cầu bản sao, chỉnh sửa hoặc xóa dữ liệu trong giới hạn pháp luật.`,
  },
  legal: {
    title: "Thông báo pháp lý",
    summary: "Đơn vị vận hành và khuôn khổ pháp lý.",
    body: `## Đơn vị vận hành
Công ty được nêu ở chân trang ứng dụng; thông tin chi tiết theo yêu cầu qua CSKH.

## Không phải tư vấn đầu tư
Không nội dung nào trên nền tảng là tư vấn đầu tư, thuế hay pháp lý.

## Khu vực hạn chế và sở hữu trí tuệ
Dịch vụ không cung cấp nơi bị cấm. Phần mềm, văn bản và hình ảnh được bảo hộ.

## Luật áp dụng
Trừ khi luật bắt buộc nơi bạn cư trú quy định khác, áp dụng luật nơi đơn vị vận hành đăng ký.`,
  },
  risk: {
    title: "Cảnh báo rủi ro",
    summary: "Giao dịch tài sản số và hợp đồng có thể làm bạn mất toàn bộ tiền.",
    body: `## Vui lòng đọc trước khi giao dịch
- **Giá biến động nhanh**, thị trường hoạt động 24 giờ.
- **Đòn bẩy nhân lỗ**: biến động nhỏ có thể làm mất toàn bộ ký quỹ và bị thanh lý.
- **Hợp đồng ngắn hạn** kết thúc bất lợi sẽ mất toàn bộ tiền đặt; rút sớm sản phẩm tiết kiệm chịu phí phạt.
- **Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.**

## Bảo vệ tài khoản
**Chúng tôi không bao giờ hỏi mật khẩu của bạn**, mật khẩu rút tiền hay mã xác minh, và không bao giờ
yêu cầu chuyển tiền vào "tài khoản an toàn" hay trả phí để mở khóa rút tiền.`,
  },
};

const TH: Record<Legal, VariantText> = {
  terms: {
    title: "ข้อกำหนดการให้บริการ",
    summary: "กฎการใช้แพลตฟอร์มและบริการ",
    body: `## 1. ขอบเขต
ข้อกำหนดนี้ใช้กับเว็บไซต์ เว็บแอป และบริการทั้งหมด การเปิดบัญชีถือว่าคุณยอมรับข้อกำหนดนี้พร้อมข้อตกลงผู้ใช้
นโยบายความเป็นส่วนตัว และคำเตือนความเสี่ยง

## 2. คุณสมบัติและบัญชี
คุณต้องบรรลุนิติภาวะ ไม่ได้พำนักในพื้นที่ที่บริการถูกห้าม และใช้บัญชีเดียวในนามของตนเอง โปรดเก็บรหัสผ่าน
รหัสผ่านถอนเงิน และการยืนยันตัวตนสองขั้นตอนเป็นความลับ

## 3. คำสั่งซื้อขายและราคา
คำสั่งจะดำเนินการตามราคาของแหล่งราคาของเรา ณ เวลาที่บันทึกไว้ ราคาที่ผิดพลาดอย่างชัดเจนอาจได้รับการแก้ไข
และคำสั่งที่เกี่ยวข้องจะชำระตามราคาที่แก้ไขหรือยกเลิกพร้อมคืนเงิน

## 4. ค่าธรรมเนียม การฝากและถอน
ค่าธรรมเนียมและวงเงินแสดงในหน้าอัตราค่าบริการและก่อนยืนยันทุกครั้ง การถอนต้องยืนยันตัวตน
ใช้รหัสผ่านถอนเงิน และเป็นไปตามเงื่อนไขยอดซื้อขาย

## 5. การระงับ ความรับผิด และการเปลี่ยนแปลง
บัญชีที่ฝ่าฝืนอาจถูกระงับหรือปิด เรารับผิดต่อความเสียหายจากเจตนาหรือประมาทเลินเล่ออย่างร้ายแรง
แต่ไม่รับผิดต่อการขาดทุนจากตลาด การเปลี่ยนแปลงจะแจ้งล่วงหน้าอย่างน้อย 7 วัน`,
  },
  agreement: {
    title: "ข้อตกลงผู้ใช้",
    summary: "ข้อตกลงที่คุณยอมรับเมื่อเปิดบัญชี",
    body: `## 1. คู่สัญญาและการมีผล
ข้อตกลงระหว่างคุณกับผู้ให้บริการแพลตฟอร์ม ("เรา") มีผลเมื่อคุณลงทะเบียนและยอมรับ
โดยจะบันทึกฉบับที่คุณยอมรับไว้กับบัญชี

## 2. บริการ
กระเป๋าสปอตและสัญญา การซื้อขายสินทรัพย์ดิจิทัลและสัญญา ผลิตภัณฑ์เงินฝากระยะยาว และบริการชำระเงินที่เกี่ยวข้อง

## 3. หน้าที่ของคุณ
ให้ข้อมูลจริง ยืนยันตัวตนเมื่อได้รับการร้องขอ ใช้เงินที่เป็นของคุณโดยชอบด้วยกฎหมาย และไม่ปั่นราคาหรือใช้ประโยชน์จากข้อผิดพลาด

## 4. ความเสี่ยงและบันทึก
สัญญาเลเวอเรจและสัญญาระยะสั้นอาจสูญเงินทั้งหมด บัญชีแยกประเภทของเราเป็นหลักฐานยอดคงเหลือ
โปรดแจ้งภายใน 30 วันหากพบข้อผิดพลาด

## 5. ความปลอดภัย
**เราไม่เคยขอรหัสผ่านของคุณ** รหัสผ่านถอนเงิน หรือรหัสยืนยัน

## 6. การสิ้นสุดและข้อพิพาท
คุณปิดบัญชีได้เมื่อไม่มีคำสั่งค้าง เราอาจบอกเลิกโดยแจ้งล่วงหน้า 30 วัน โปรดติดต่อฝ่ายบริการลูกค้าก่อน
เราพยายามแก้ไขภายใน 15 วันทำการ`,
  },
  privacy: {
    title: "นโยบายความเป็นส่วนตัว",
    summary: "ข้อมูลที่เราเก็บ เหตุผล และสิทธิของคุณ",
    body: `## ข้อมูลที่เก็บ
หมายเลขโทรศัพท์ รหัสผ่าน (เก็บเป็นแฮชทางเดียวเท่านั้น) ภาษา ชื่อ เอกสารและรูปถ่ายยืนยันตัวตน คำสั่งซื้อขาย
ยอดคงเหลือ การฝากถอน เวลาเข้าสู่ระบบ ที่อยู่ IP และอุปกรณ์

## วัตถุประสงค์และการเปิดเผย
เพื่อให้บริการบัญชี ปฏิบัติตามกฎหมาย (การป้องกันการฟอกเงิน) และปกป้องบัญชี เปิดเผยเฉพาะผู้ให้บริการที่ประมวลผลแทนเรา
หรือหน่วยงานตามกฎหมาย และไม่ขายข้อมูล

## ความปลอดภัยและการเก็บรักษา
ข้อมูลเข้ารหัสระหว่างส่ง รูปถ่ายถูกลบเมทาดาทา การเข้าถึงของพนักงานถูกบันทึก บันทึกธุรกรรมเก็บตามกฎหมาย
(โดยทั่วไป 5 ปี) บันทึกการเข้าสู่ระบบ 90 วัน

## สิทธิของคุณ
ขอสำเนา แก้ไข หรือลบข้อมูลได้ภายในขอบเขตของกฎหมาย`,
  },
  legal: {
    title: "ประกาศทางกฎหมาย",
    summary: "ผู้ให้บริการและกรอบกฎหมาย",
    body: `## ผู้ให้บริการ
บริษัทที่ระบุไว้ที่ส่วนท้ายของแอป รายละเอียดขอได้จากฝ่ายบริการลูกค้า

## ไม่ใช่คำแนะนำการลงทุน
เนื้อหาบนแพลตฟอร์มไม่ใช่คำแนะนำด้านการลงทุน ภาษี หรือกฎหมาย

## พื้นที่ที่จำกัดและทรัพย์สินทางปัญญา
ไม่ให้บริการในพื้นที่ที่ถูกห้าม ซอฟต์แวร์ ข้อความ และรูปภาพได้รับความคุ้มครอง

## กฎหมายที่ใช้บังคับ
เว้นแต่กฎหมายบังคับของประเทศที่คุณพำนักกำหนดไว้เป็นอย่างอื่น ใช้กฎหมายของสถานที่จดทะเบียนของผู้ให้บริการ`,
  },
  risk: {
    title: "คำเตือนความเสี่ยง",
    summary: "การซื้อขายสินทรัพย์ดิจิทัลและสัญญาอาจทำให้คุณสูญเงินทั้งหมด",
    body: `## โปรดอ่านก่อนซื้อขาย
- **ราคาเปลี่ยนแปลงรวดเร็ว** ตลาดเปิด 24 ชั่วโมง
- **เลเวอเรจขยายผลขาดทุน** การเคลื่อนไหวเล็กน้อยอาจทำให้มาร์จิ้นหมดและถูกบังคับปิดสถานะ
- **สัญญาระยะสั้น**ที่จบไม่เป็นผลดีจะสูญเงินเดิมพันทั้งหมด การไถ่ถอนก่อนกำหนดมีค่าปรับ
- **ซื้อขายด้วยเงินที่คุณยอมสูญเสียได้เท่านั้น**

## ปกป้องบัญชีของคุณ
**เราไม่เคยขอรหัสผ่านของคุณ** รหัสผ่านถอนเงิน หรือรหัสยืนยัน และไม่เคยขอให้โอนเงินไปยัง "บัญชีปลอดภัย"
หรือจ่ายค่าธรรมเนียมเพื่อปลดล็อกการถอน`,
  },
};

const JA: Record<Legal, VariantText> = {
  terms: {
    title: "利用規約",
    summary: "本プラットフォームとサービスの利用ルール。",
    body: `## 1. 適用範囲
本規約はウェブサイト、ウェブアプリおよびそれらを通じて提供される全サービスに適用されます。口座開設により、本規約、利用者契約、プライバシーポリシーおよびリスク警告に同意したものとみなします。

## 2. 資格と口座
居住国の成年に達し、サービスが禁止される地域に居住していないこと、本人名義で一つの口座のみを利用することが必要です。パスワード、出金パスワード、二段階認証は秘密に保ってください。

## 3. 注文と価格
注文は注文記録の時刻における当社価格フィードの価格で執行されます。明白な価格の誤りは訂正されることがあり、該当注文は訂正後の価格で決済されるか、取り消されて元本が返還されます。

## 4. 手数料・入金・出金
手数料、料率、上限は「サービス料金」ページと各確認画面に表示されます。出金には本人確認、出金パスワード、取引量の条件が必要です。

## 5. 停止・責任・変更
違反した口座は停止または閉鎖されることがあります。当社は故意または重過失による損害に責任を負い、市場の損失には責任を負いません。規約の変更は少なくとも 7 日前に告知します。`,
  },
  agreement: {
    title: "利用者契約",
    summary: "口座開設時に同意いただく契約。",
    body: `## 1. 当事者と効力
本契約はお客様と本プラットフォーム運営者（「当社」）との間で締結され、登録・同意時に効力を生じます。同意された版は口座とともに記録されます。

## 2. サービス
現物・契約ウォレット、デジタル資産と契約の取引、定期運用商品および関連する決済サービスを提供します。

## 3. お客様の義務
真実の情報を提供し本人確認を完了すること、ご自身の正当な資金のみを使うこと、価格操作や不具合の悪用をしないこと。

## 4. リスクと記録
レバレッジ契約や短期契約では元本・証拠金の全額を失うことがあります。当社の元帳が残高の記録です。誤りがあれば 30 日以内にお知らせください。

## 5. セキュリティ
**当社がお客様のパスワードを尋ねることは決してありません**。出金パスワードや認証コードも同様です。

## 6. 終了と紛争
未決済の注文がなければいつでも口座を閉鎖できます。当社は 30 日前の通知で終了できます。まずカスタマーサービスにご連絡ください。15 営業日以内の解決に努めます。`,
  },
  privacy: {
    title: "プライバシーポリシー",
    summary: "収集する情報、その理由、お客様の権利。",
    body: `## 収集する情報
電話番号、パスワード（一方向ハッシュのみ保存）、言語、氏名・本人確認書類と写真、注文・残高・入出金、ログイン時刻、IP アドレスと端末。

## 目的と共有
口座と注文の運営、マネーロンダリング対策などの法的義務、口座の保護のために利用します。当社に代わり処理する事業者や法令に基づく当局とのみ共有し、販売することはありません。

## 安全管理と保存期間
通信は暗号化され、画像のメタデータは削除され、従業員のアクセスは記録されます。取引記録は法令に従い（通常 5 年）、ログイン記録は 90 日保存します。

## お客様の権利
法令の範囲内で開示、訂正、削除を請求できます。`,
  },
  legal: {
    title: "法的通知",
    summary: "運営者と法的枠組み。",
    body: `## 運営者
アプリのフッターに記載の会社が運営します。詳細はカスタマーサービスにお問い合わせください。

## 投資助言ではありません
本プラットフォームの内容は投資・税務・法律上の助言ではありません。

## 制限地域と知的財産
禁止されている地域ではサービスを提供しません。ソフトウェア、文章、画像は保護されています。

## 準拠法
居住国の強行法規に別段の定めがない限り、運営者の設立地の法律が適用されます。`,
  },
  risk: {
    title: "リスク警告",
    summary: "デジタル資産や契約の取引で資金のすべてを失うことがあります。",
    body: `## 取引前にお読みください
- **価格は急速に変動します**。市場は 24 時間動いています。
- **レバレッジは損失を拡大します**。小さな値動きで証拠金を失い、強制決済されることがあります。
- **短期契約**が不利に終わると掛け金の全額を失います。運用商品の中途解約には違約金がかかります。
- **失っても困らない資金でのみ取引してください。**

## 口座を守るために
**当社がお客様のパスワードを尋ねることは決してありません**。出金パスワードや認証コードも同様です。「安全口座」への送金や出金解除の手数料を求めることもありません。`,
  },
};

const FR: Record<Legal, VariantText> = {
  terms: {
    title: "Conditions d'utilisation",
    summary: "Les règles d'utilisation de la plateforme et de ses services.",
    body: `## 1. Champ d'application
Ces conditions régissent le site, l'application web et tous les services proposés. En ouvrant un
compte, vous les acceptez avec le Contrat d'utilisateur, la Politique de confidentialité et
l'Avertissement sur les risques.

## 2. Conditions et compte
Vous devez être majeur dans votre pays, ne pas résider là où les services sont interdits et
n'utiliser qu'un compte, pour vous-même. Gardez secrets votre mot de passe, votre mot de passe de
retrait et votre second facteur.

## 3. Ordres et prix
Les ordres sont exécutés aux prix de notre flux au moment indiqué dans l'ordre. Une erreur de prix
manifeste peut être corrigée ; les ordres concernés sont réglés au prix corrigé ou annulés et
remboursés.

## 4. Frais, dépôts et retraits
Frais, taux et limites figurent sur la page Tarifs et avant chaque confirmation. Un retrait exige la
vérification d'identité, le mot de passe de retrait et la règle de volume.

## 5. Suspension, responsabilité et modifications
Un compte en infraction peut être suspendu ou clôturé. Nous répondons des dommages causés par faute
intentionnelle ou lourde, pas des pertes de marché. Les modifications sont annoncées au moins 7 jours
à l'avance.`,
  },
  agreement: {
    title: "Contrat d'utilisateur",
    summary: "Le contrat que vous acceptez à l'ouverture du compte.",
    body: `## 1. Parties et entrée en vigueur
Contrat entre vous et l'exploitant de la plateforme (« nous »), en vigueur dès votre inscription et
acceptation ; la version acceptée est enregistrée avec votre compte.

## 2. Services
Portefeuilles spot et contrats, négociation d'actifs numériques et de contrats, produits d'épargne à
terme et services de paiement associés.

## 3. Vos obligations
Fournir des informations exactes, compléter la vérification d'identité, n'utiliser que des fonds qui
vous appartiennent légalement, ne pas manipuler les prix ni exploiter des erreurs.

## 4. Risques et registres
Les contrats à effet de levier et à court terme peuvent faire perdre toute la mise. Notre grand livre
fait foi ; signalez toute erreur sous 30 jours.

## 5. Sécurité
**Nous ne demandons jamais votre mot de passe**, votre mot de passe de retrait ni vos codes.

## 6. Fin et litiges
Vous pouvez clôturer votre compte sans ordre ouvert ; nous pouvons résilier avec un préavis de 30
jours. Contactez d'abord le service client ; nous visons une solution sous 15 jours ouvrés.`,
  },
  privacy: {
    title: "Politique de confidentialité",
    summary: "Ce que nous collectons, pourquoi, et vos droits.",
    body: `## Données collectées
Téléphone, mot de passe (stocké uniquement sous forme de hachage), langue ; nom, pièce d'identité et
photos ; ordres, soldes, dépôts et retraits, heure de connexion, adresse IP et appareil.

## Finalités et partage
Gérer votre compte, respecter nos obligations légales (lutte contre le blanchiment), protéger votre
compte. Partage uniquement avec nos sous-traitants ou les autorités lorsque la loi l'exige ; jamais de
vente.

## Sécurité et conservation
Transmission chiffrée, métadonnées des images supprimées, accès du personnel journalisés.
Transactions conservées selon la loi (généralement 5 ans), connexions 90 jours.

## Vos droits
Accès, rectification, effacement (dans les limites légales) et opposition, via le service client.`,
  },
  legal: {
    title: "Mentions légales",
    summary: "L'exploitant du service et le cadre juridique.",
    body: `## Exploitant
La société indiquée en pied de page de l'application ; détails sur demande au service client.

## Pas de conseil en investissement
Rien sur cette plateforme ne constitue un conseil en investissement, fiscal ou juridique.

## Juridictions restreintes et propriété intellectuelle
Les services ne sont pas proposés là où ils sont interdits. Logiciels, textes et images sont protégés.

## Droit applicable
Sauf disposition impérative de votre pays de résidence, le droit du lieu d'établissement de
l'exploitant s'applique.`,
  },
  risk: {
    title: "Avertissement sur les risques",
    summary:
      "Négocier des actifs numériques et des contrats peut vous faire perdre tout votre argent.",
    body: `## À lire avant de négocier
- **Les prix évoluent vite** ; les marchés fonctionnent 24 h sur 24.
- **L'effet de levier multiplie les pertes** : un petit mouvement peut consommer toute la marge et
  entraîner la liquidation.
- **Un contrat court** qui se termine contre vous perd toute la mise ; un rachat anticipé d'épargne
  coûte la pénalité affichée.
- **Ne négociez qu'avec de l'argent que vous pouvez vous permettre de perdre.**

## Protégez votre compte
**Nous ne demandons jamais votre mot de passe**, votre mot de passe de retrait ni vos codes, et jamais
de virer des fonds vers un « compte sécurisé » ou de payer des frais pour débloquer un retrait.`,
  },
};

const ES: Record<Legal, VariantText> = {
  terms: {
    title: "Términos del servicio",
    summary: "Las reglas de uso de la plataforma y sus servicios.",
    body: `## 1. Ámbito
Estos términos rigen el sitio, la aplicación web y todos los servicios ofrecidos. Al abrir una cuenta
los acepta junto con el Acuerdo de usuario, la Política de privacidad y la Advertencia de riesgo.

## 2. Requisitos y cuenta
Debe ser mayor de edad en su país, no residir donde los servicios estén prohibidos y usar una sola
cuenta propia. Mantenga en secreto su contraseña, la contraseña de retiro y el segundo factor.

## 3. Órdenes y precios
Las órdenes se ejecutan a los precios de nuestra fuente en el momento indicado en la orden. Un error
de precio evidente puede corregirse; las órdenes afectadas se liquidan al precio corregido o se anulan
con devolución.

## 4. Comisiones, depósitos y retiros
Comisiones, tasas y límites figuran en la página de Tarifas y antes de cada confirmación. Un retiro
requiere verificación de identidad, contraseña de retiro y la regla de volumen.

## 5. Suspensión, responsabilidad y cambios
Una cuenta que incumpla puede suspenderse o cerrarse. Respondemos por daños causados con dolo o culpa
grave, no por pérdidas de mercado. Los cambios se anuncian con al menos 7 días de antelación.`,
  },
  agreement: {
    title: "Acuerdo de usuario",
    summary: "El acuerdo que acepta al abrir su cuenta.",
    body: `## 1. Partes y vigencia
Acuerdo entre usted y el operador de la plataforma ("nosotros"), vigente desde su registro y
aceptación; la versión aceptada se registra con su cuenta.

## 2. Servicios
Billeteras spot y de contratos, negociación de activos digitales y contratos, productos de ahorro a
plazo y servicios de pago relacionados.

## 3. Sus obligaciones
Dar información veraz, completar la verificación de identidad, usar solo fondos que le pertenezcan
legalmente y no manipular precios ni aprovechar errores.

## 4. Riesgo y registros
Los contratos apalancados y de corto plazo pueden perder todo lo invertido. Nuestro libro mayor es el
registro de sus saldos; avise en 30 días si ve un error.

## 5. Seguridad
**Nunca le pedimos su contraseña**, su contraseña de retiro ni sus códigos.

## 6. Terminación y disputas
Puede cerrar su cuenta sin órdenes abiertas; podemos terminar con 30 días de aviso. Contacte primero
con atención al cliente; procuramos resolver en 15 días hábiles.`,
  },
  privacy: {
    title: "Política de privacidad",
    summary: "Qué recopilamos, por qué y sus derechos.",
    body: `## Datos recopilados
Teléfono, contraseña (guardada solo como hash unidireccional), idioma; nombre, documento y fotos de
verificación; órdenes, saldos, depósitos y retiros, hora de acceso, dirección IP y dispositivo.

## Finalidad y cesión
Gestionar su cuenta, cumplir obligaciones legales (prevención del blanqueo) y proteger su cuenta. Solo
se comparten con encargados del tratamiento o autoridades cuando la ley lo exige; nunca se venden.

## Seguridad y conservación
Transmisión cifrada, metadatos de imágenes eliminados, accesos del personal registrados. Transacciones
según la ley (normalmente 5 años), accesos 90 días.

## Sus derechos
Acceso, rectificación, supresión (dentro de la ley) y oposición, a través de atención al cliente.`,
  },
  legal: {
    title: "Aviso legal",
    summary: "Quién opera este servicio y el marco legal.",
    body: `## Operador
La empresa indicada en el pie de la aplicación; detalles a petición en atención al cliente.

## No es asesoramiento de inversión
Nada en esta plataforma es asesoramiento de inversión, fiscal o legal.

## Jurisdicciones restringidas y propiedad intelectual
Los servicios no se ofrecen donde están prohibidos. El software, los textos y las imágenes están
protegidos.

## Ley aplicable
Salvo norma imperativa de su país de residencia, se aplica la ley del lugar de constitución del
operador.`,
  },
  risk: {
    title: "Advertencia de riesgo",
    summary: "Negociar activos digitales y contratos puede hacerle perder todo su dinero.",
    body: `## Lea antes de operar
- **Los precios cambian rápido**; los mercados funcionan las 24 horas.
- **El apalancamiento multiplica las pérdidas**: un pequeño movimiento puede agotar el margen y
  provocar la liquidación.
- **Un contrato corto** que termina en contra pierde toda la apuesta; el rescate anticipado del ahorro
  cuesta la penalización indicada.
- **Opere solo con dinero que pueda permitirse perder.**

## Proteja su cuenta
**Nunca le pedimos su contraseña**, su contraseña de retiro ni sus códigos, ni que transfiera dinero a
una "cuenta segura" o pague una comisión para liberar un retiro.`,
  },
};

const UK: Record<Legal, VariantText> = {
  terms: {
    title: "Умови обслуговування",
    summary: "Правила користування платформою та її послугами.",
    body: `## 1. Сфера дії
Ці умови регулюють сайт, вебзастосунок і всі послуги, що надаються через них. Відкриваючи рахунок, ви
приймаєте їх разом з Угодою користувача, Політикою конфіденційності та Попередженням про ризики.

## 2. Вимоги та рахунок
Ви маєте бути повнолітнім у своїй країні, не проживати там, де послуги заборонені, і користуватися
одним рахунком від власного імені. Тримайте в таємниці пароль, пароль для виведення і другий фактор.

## 3. Ордери та ціни
Ордери виконуються за цінами нашого джерела котирувань на час, зазначений в ордері. Очевидну помилку
ціни може бути виправлено; такі ордери розраховуються за виправленою ціною або скасовуються з
поверненням коштів.

## 4. Комісії, поповнення та виведення
Комісії, ставки й ліміти наведено на сторінці тарифів і перед кожним підтвердженням. Виведення
потребує верифікації, пароля для виведення та виконання правила обороту.

## 5. Призупинення, відповідальність і зміни
Рахунок, що порушує умови, може бути призупинено або закрито. Ми відповідаємо за шкоду з умислу чи
грубої недбалості, але не за ринкові збитки. Про зміни повідомляємо щонайменше за 7 днів.`,
  },
  agreement: {
    title: "Угода користувача",
    summary: "Угода, яку ви приймаєте під час відкриття рахунку.",
    body: `## 1. Сторони та набрання чинності
Угода між вами та оператором платформи («ми») діє з моменту реєстрації та прийняття; прийнята версія
зберігається з вашим рахунком.

## 2. Послуги
Спотовий і контрактний гаманці, торгівля цифровими активами та контрактами, строкові ощадні продукти
і пов'язані платіжні послуги.

## 3. Ваші обов'язки
Надавати правдиві дані, пройти верифікацію, використовувати лише законно належні вам кошти, не
маніпулювати цінами і не використовувати помилки.

## 4. Ризики та облік
Контракти з плечем і короткострокові контракти можуть призвести до втрати всієї суми. Наша головна
книга є обліком ваших залишків; повідомте про помилку протягом 30 днів.

## 5. Безпека
**Ми ніколи не просимо ваш пароль**, пароль для виведення чи коди підтвердження.

## 6. Припинення та спори
Ви можете закрити рахунок, коли немає відкритих ордерів; ми можемо припинити угоду з повідомленням за
30 днів. Спершу зверніться до служби підтримки; ми прагнемо вирішити питання за 15 робочих днів.`,
  },
  privacy: {
    title: "Політика конфіденційності",
    summary: "Що ми збираємо, навіщо і ваші права.",
    body: `## Які дані
Телефон, пароль (зберігається лише як односторонній хеш), мова; ім'я, документ і фото для
верифікації; ордери, залишки, поповнення й виведення, час входу, IP-адреса та пристрій.

## Мета та передача
Обслуговування рахунку, виконання вимог закону (протидія відмиванню коштів), захист рахунку. Дані
передаються лише обробникам від нашого імені або органам влади за законом; ніколи не продаються.

## Безпека та зберігання
Передавання зашифроване, метадані зображень видаляються, доступ працівників журналюється. Операції
зберігаються відповідно до закону (зазвичай 5 років), журнали входів — 90 днів.

## Ваші права
Доступ, виправлення, видалення (у межах закону) та заперечення — через службу підтримки.`,
  },
  legal: {
    title: "Правова інформація",
    summary: "Хто надає послугу та правові засади.",
    body: `## Оператор
Компанія, зазначена в нижньому колонтитулі застосунку; подробиці — у службі підтримки.

## Не інвестиційна порада
Ніщо на платформі не є інвестиційною, податковою чи юридичною порадою.

## Обмежені юрисдикції та інтелектуальна власність
Послуги не надаються там, де їх заборонено. Програмне забезпечення, тексти й зображення захищені.

## Застосовне право
Якщо імперативні норми країни вашого проживання не встановлюють іншого, застосовується право місця
реєстрації оператора.`,
  },
  risk: {
    title: "Попередження про ризики",
    summary: "Торгівля цифровими активами й контрактами може призвести до втрати всіх коштів.",
    body: `## Прочитайте перед торгівлею
- **Ціни змінюються швидко**; ринки працюють цілодобово.
- **Плече множить збитки**: невеликий рух ціни може вичерпати маржу й призвести до ліквідації.
- **Короткостроковий контракт**, що завершився не на вашу користь, втрачає всю ставку; дострокове
  погашення ощадного продукту коштує вказаного штрафу.
- **Торгуйте лише коштами, втрату яких можете собі дозволити.**

## Захистіть свій рахунок
**Ми ніколи не просимо ваш пароль**, пароль для виведення чи коди, не просимо переказати кошти на
«безпечний рахунок» чи сплатити комісію за розблокування виведення.`,
  },
};

const KO: Record<Legal, VariantText> = {
  terms: {
    title: "서비스 이용약관",
    summary: "플랫폼과 서비스 이용 규칙.",
    body: `## 1. 적용 범위
본 약관은 웹사이트, 웹 앱 및 이를 통해 제공되는 모든 서비스에 적용됩니다. 계정을 개설하면 본 약관과 이용자 계약, 개인정보 처리방침, 위험 고지에 동의한 것으로 봅니다.

## 2. 자격과 계정
거주 국가의 성년이어야 하며 서비스가 금지된 지역에 거주하지 않아야 하고 본인 명의의 계정 하나만 사용해야 합니다. 비밀번호, 출금 비밀번호, 2단계 인증을 비밀로 유지하세요.

## 3. 주문과 가격
주문은 주문 기록에 표시된 시각의 당사 시세 가격으로 체결됩니다. 명백한 가격 오류는 정정될 수 있으며 해당 주문은 정정된 가격으로 정산되거나 취소되어 원금이 반환됩니다.

## 4. 수수료, 입금과 출금
수수료, 요율, 한도는 서비스 요금 페이지와 매 확인 전에 표시됩니다. 출금에는 본인 인증, 출금 비밀번호, 거래량 조건이 필요합니다.

## 5. 정지, 책임, 변경
위반한 계정은 정지되거나 해지될 수 있습니다. 당사는 고의 또는 중과실로 인한 손해에 책임을 지며 시장 손실에는 책임지지 않습니다. 약관 변경은 최소 7일 전에 공지합니다.`,
  },
  agreement: {
    title: "이용자 계약",
    summary: "계정 개설 시 동의하는 계약.",
    body: `## 1. 당사자와 효력
본 계약은 귀하와 플랫폼 운영자("당사") 사이에 체결되며 가입 및 동의 시 효력이 발생합니다. 동의한 버전은 계정과 함께 기록됩니다.

## 2. 서비스
현물 및 계약 지갑, 디지털 자산과 계약 거래, 정기 예치 상품 및 관련 결제 서비스를 제공합니다.

## 3. 귀하의 의무
사실대로 정보를 제공하고 본인 인증을 완료하며, 합법적으로 귀하 소유인 자금만 사용하고, 가격 조작이나 오류 악용을 하지 않습니다.

## 4. 위험과 기록
레버리지 계약과 단기 계약은 원금 전부를 잃을 수 있습니다. 당사 원장이 잔액의 기록이며, 오류가 있으면 30일 이내에 알려 주세요.

## 5. 보안
**당사는 절대 귀하의 비밀번호를 묻지 않습니다**. 출금 비밀번호와 인증 코드도 마찬가지입니다.

## 6. 종료와 분쟁
미체결 주문이 없으면 언제든 계정을 해지할 수 있으며, 당사는 30일 전 통지로 종료할 수 있습니다. 먼저 고객센터에 문의하세요. 15영업일 이내 해결을 목표로 합니다.`,
  },
  privacy: {
    title: "개인정보 처리방침",
    summary: "수집 항목, 이유, 그리고 귀하의 권리.",
    body: `## 수집 항목
전화번호, 비밀번호(단방향 해시로만 저장), 언어, 이름·신분증·인증 사진, 주문·잔액·입출금, 로그인 시각, IP 주소와 기기.

## 목적과 제공
계정 운영, 자금세탁방지 등 법적 의무 이행, 계정 보호에 사용합니다. 당사를 대신해 처리하는 수탁자나 법에 따른 기관에만 제공하며 판매하지 않습니다.

## 보안과 보관
전송은 암호화되고 이미지 메타데이터는 삭제되며 직원 접근은 기록됩니다. 거래 기록은 법에 따라(보통 5년), 로그인 기록은 90일 보관합니다.

## 귀하의 권리
법의 범위 내에서 열람, 정정, 삭제 및 처리 거부를 요청할 수 있습니다.`,
  },
  legal: {
    title: "법적 고지",
    summary: "운영자와 법적 틀.",
    body: `## 운영자
앱 하단에 표시된 회사가 운영하며, 자세한 내용은 고객센터에 요청할 수 있습니다.

## 투자 조언 아님
플랫폼의 어떤 내용도 투자, 세무, 법률 조언이 아닙니다.

## 제한 지역과 지식재산
서비스가 금지된 지역에서는 제공하지 않습니다. 소프트웨어, 글, 이미지는 보호됩니다.

## 준거법
거주 국가의 강행법규가 달리 정하지 않는 한 운영자 설립지 법률이 적용됩니다.`,
  },
  risk: {
    title: "위험 고지",
    summary: "디지털 자산과 계약 거래로 자금 전부를 잃을 수 있습니다.",
    body: `## 거래 전에 읽어 주세요
- **가격은 빠르게 움직이며** 시장은 24시간 열려 있습니다.
- **레버리지는 손실을 키웁니다**: 작은 변동으로도 증거금이 소진되어 강제 청산될 수 있습니다.
- **단기 계약**이 불리하게 끝나면 원금 전부를 잃습니다. 예치 상품 중도 해지에는 위약금이 있습니다.
- **잃어도 감당할 수 있는 자금으로만 거래하세요.**

## 계정을 보호하세요
**당사는 절대 귀하의 비밀번호를 묻지 않습니다**. 출금 비밀번호와 인증 코드도 마찬가지이며, "안전 계좌"로 송금하거나 출금 해제 수수료를 내라고 요구하지 않습니다.`,
  },
};

const BY_LOCALE: [LocaleId, Record<Legal, VariantText>][] = [
  ["zh-TW", ZH_TW],
  ["vi", VI],
  ["th", TH],
  ["ja", JA],
  ["fr", FR],
  ["es", ES],
  ["uk", UK],
  ["ko", KO],
];

export const MORE_LEGAL: Partial<Record<PageSlug, Partial<Record<LocaleId, VariantText>>>> = Object
  .fromEntries(
    (["terms", "agreement", "privacy", "legal", "risk"] as const).map((slug) => [
      slug,
      Object.fromEntries(BY_LOCALE.map(([l, texts]) => [l, texts[slug]])),
    ]),
  );
