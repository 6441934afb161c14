"""O processo como os casos de uso o devolvem: resumo, detalhe, prazos e o ato registrado.

`ProcessoResumo` é o cabeçalho (GET /processos); `ProcessoDetalhado` acrescenta a linha do
tempo, os prazos, as penalidades vigentes, os pagamentos e os atos que o papel pode registrar
agora (GET /processos/{id}); `AtoRegistrado` é a resposta de POST /processos/{id}/atos.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado, so_quando_houver
from farol.services.resultados.cadastro_da_inspecao import DivergenciaDoCadastro


class OmResumo(Resultado):
    sigla: str
    nome: str
    uf: str


class AutuadoResumo(Resultado):
    id: int = Field(description="id da pessoa no cadastro (GET/PATCH /pessoas/{id})")
    nome: str
    documento: str = Field(description="CPF ou CNPJ formatado")
    tipo: str = Field(description="pessoa física ou jurídica")


class EmbarcacaoResumo(Resultado):
    id: int = Field(description="id da embarcação no cadastro (GET/PATCH /embarcacoes/{id})")
    nome: str
    inscricao: str


class EmbarcacaoDoProcesso(EmbarcacaoResumo):
    """A embarcação como está cadastrada; o que não foi informado vem nulo, nunca um padrão."""

    tipo: str | None = Field(description="nulo quando não informado")
    propulsao: str | None = Field(description="nulo quando não informada")
    comprimento: Decimal | None = Field(description="em metros; nulo quando não informado")


class ProcessoReferencia(Resultado):
    """O processo a que um prazo ou uma medida pertence."""

    id: int
    numero: str
    estado: str


class ProcessoResumo(Resultado):
    id: int
    numero: str = Field(description="ano/OM/sequencial, p. ex. 2026/CPSC/000001")
    regime: str
    estado: str
    estado_nome: str
    final: bool
    sobrestado: bool
    versao: int = Field(description="versão para a trava otimista (NovoAto.versao)")
    om: OmResumo
    autuado: AutuadoResumo | None = Field(
        description="nulo só na custódia de bem de responsável desconhecido"
    )
    embarcacao: EmbarcacaoResumo | None
    criado_em: Instante


class FundamentoDoDia(Resultado):
    """A base legal de um motivo do dia não útil: a citação e o que dela falta conferir."""

    motivo: str
    norma: str
    dispositivo: str
    texto: str
    referencia: str
    pendente: str | None = Field(
        default=None, description="o que falta registrar ou conferir do ato citado"
    )


class DiaNaoUtil(Resultado):
    data: dt.date
    motivo: str
    fundamentos: list[FundamentoDoDia] = Field(
        default_factory=list,
        description="base legal de cada motivo (lei do feriado, ato do ponto facultativo, ato "
        "da OM); vazio nos prazos gravados antes de o Farol registrá-la",
    )


class NotaDeTransicao(Resultado):
    """Como a regra de transição entre normas decidiu a versão do prazo."""

    mudanca: str
    texto: str
    fundamento: str


class ExpedienteDeQuemDecide(Resultado):
    """O prazo da decisão de um recurso se prorroga pelo expediente da OM de quem decide."""

    om: str = Field(description="sigla da OM da autoridade que decide o recurso")
    fundamento: str


class PrazoResumo(Resultado):
    """Um prazo do processo, com os dias que a contagem pulou e por quê."""

    id: int
    etapa: str
    regime: str
    inicio: dt.date
    vencimento: dt.date
    contagem: str = Field(
        description="uteis, corridos ou no_ato (a norma em vigor no ato deixava a data "
        "à autoridade)"
    )
    dias: int
    dias_nao_uteis: list[DiaNaoUtil]
    fundamentos: list[str]
    transicao: NotaDeTransicao | None = Field(
        default=None, description="quando uma mudança de norma alcança o prazo"
    )
    aberto: bool
    encerrado_em: dt.date | None
    cumprido: bool
    vencido: bool
    nome: str
    expediente: ExpedienteDeQuemDecide | None = Field(
        default=None,
        description="quando o vencimento se prorroga pelo expediente da OM de quem decide o "
        "recurso, não pelo da OM do processo (só na leitura do processo)",
    )


class PrazoComProcesso(PrazoResumo):
    """Um prazo de um período (GET /prazos, painel), com o processo a que pertence."""

    processo: ProcessoReferencia


class AutoResumo(Resultado):
    numero: str
    lavrado_em: dt.date


class AcordaoResumo(Resultado):
    """O Acórdão do Tribunal Marítimo que levantou o sobrestamento (Norma de 2023, item 3.2)."""

    numero: str
    publicado_em: dt.date
    infracoes_apontadas: list[str] = Field(
        description="infrações que o Acórdão apontou; o auto que vai além delas se justifica"
    )
    medidas_preventivas: str | None = None
    fundamentos: list[str]


class InfracaoDoProcesso(Resultado):
    codigo: str
    descricao: str | None
    penalidade: str | None
    fundamento: str | None
    autor_tipo: str | None = Field(
        description="o tipo de autor material: o do auto ou, antes dele, aquele em que o "
        "autuado responde na inspeção (nulo em processo anterior a essa decisão)"
    )
    fundamentos_autoria: list[str] = Field(
        default_factory=list,
        description="por que o autuado responde por esta infração: as citações da autoria "
        "da infração (normas/dados/infracoes.yaml)",
    )
    faltas: int | None


class AutorDoAto(Resultado):
    nome: str | None
    papel: str


class AtoDoProcesso(Resultado):
    """Um ato da linha do tempo; `dados` é o que o tipo do ato grava (livre por tipo)."""

    id: int
    seq: int
    tipo: str
    nome: str
    data_ato: dt.date
    registrado_em: Instante
    ator: AutorDoAto
    dados: dict[str, Any]
    intempestivo: bool
    corrige_ato_id: int | None
    hash: str
    ciencia: str | None = Field(
        default=None,
        description='como se deu a ciência (atos com a marca `ciencia`): "ciência por '
        'publicação em Diário Oficial da União de 05/03/2026", "ciência (AR), dada ao '
        'procurador ..."',
    )


class AcessoriaImposta(Resultado):
    """Penalidade acessória imposta com a principal (dados/acessorias.yaml)."""

    tipo: str
    nome: str
    condicao: str
    executor: str = Field(description="infrator (no prazo fixado) ou autoridade")
    fundamentacao: str
    fundamento: str
    prazo_dias: int | None = None


class AgravanteConsiderada(Resultado):
    """Circunstância agravante (LESTA art. 30) que a decisão considerou na penalidade: as
    declaradas na decisão (`dados.agravantes`) e a reincidência contada para a infração."""

    chave: str = Field(description="a chave nos dados (regras_penalidades.yaml): grave_ameaca")
    inciso: str | None = Field(
        description="o inciso, como nos dados; nulo só em chave que os dados não têm mais"
    )
    texto: str = Field(description="o texto do inciso: grave ameaça à integridade física ...")
    fundamento: str = Field(
        description="o dispositivo com o inciso, da fonte das agravantes nos dados"
    )


def _agravantes_da_decisao() -> Any:
    return Field(
        default_factory=list,
        description="as circunstâncias agravantes que a decisão considerou nesta penalidade "
        "(as declaradas e a reincidência contada), lidas do ato que a fixou",
    )


class PenalidadeVigente(Resultado):
    infracao: str
    multa: Decimal | None
    suspensao_dias: int | None
    cancelamento: bool
    multiplicador: int
    justificativa: str | None
    acessorias: list[AcessoriaImposta] = Field(default_factory=list)
    agravantes: list[AgravanteConsiderada] = _agravantes_da_decisao()


class PagamentoResumo(Resultado):
    valor: Decimal
    data: dt.date
    referencia: str | None


class EfeitoDoRecurso(Resultado):
    """Se o prazo de pagamento corre com recurso pendente (a regra) ou está suspenso."""

    suspensivo: bool
    texto: str
    fundamento: str


class InstrumentoDeProcuracao(Resultado):
    """O instrumento de procuração específico, anexado ao ato que constituiu o procurador."""

    id: int = Field(description="id do anexo (GET /processos/{id}/anexos/{anexo} nas páginas)")
    nome_arquivo: str
    sha256: str


class ProcuradorDoProcesso(Resultado):
    """Procurador do interessado, constituído com instrumento específico (Norma de 2023, item
    3.6.6); a ciência pode ser dada a ele (`dados.procurador_id` da ciência)."""

    id: int
    nome: str
    cpf: str = Field(description="CPF formatado")
    oab: str | None
    email: str | None
    endereco: str | None
    constituido_em: dt.date
    ato_id: int
    ato_seq: int | None
    instrumento: InstrumentoDeProcuracao | None = Field(
        description="o instrumento anexado ao ato (nulo só em ato gravado sem a borda que o exige)"
    )
    fundamento: str


class AtoPermitido(Resultado):
    tipo: str
    nome: str
    fundamentos: list[str]


class OrigemDoProcesso(Resultado):
    """A apuração ou o inquérito cuja conclusão abriu o processo (RLESTA art. 9º, II e III)."""

    id: int
    numero: str
    regime: str


class ProcessoDetalhado(ProcessoResumo):
    embarcacao: EmbarcacaoDoProcesso | None
    data_fato: dt.date
    origem: OrigemDoProcesso | None = None
    abertos: list[OrigemDoProcesso] = Field(
        default_factory=list,
        description="os processos que este abriu: o procedimento sancionador aberto pela "
        "conclusão da apuração ou do inquérito, a custódia da apreensão",
    )
    auto: AutoResumo | None
    acordao: AcordaoResumo | None = Field(
        default=None,
        description="o Acórdão do Tribunal Marítimo registrado no levantamento do sobrestamento",
    )
    infracoes: list[InfracaoDoProcesso]
    atos: list[AtoDoProcesso]
    prazos: list[PrazoResumo]
    penalidades: list[PenalidadeVigente]
    multa_total: Decimal
    pago: Decimal
    saldo: Decimal
    restituicao_pendente: Decimal = Field(
        description="valor pago a maior, reconhecido e ainda não restituído ao pagador"
    )
    efeito_do_recurso: EfeitoDoRecurso
    pagamentos: list[PagamentoResumo]
    procuradores: list[ProcuradorDoProcesso] = Field(
        default_factory=list,
        description="procuradores constituídos no processo, cada um com o instrumento de "
        "procuração específico",
    )
    atos_permitidos: list[AtoPermitido] = Field(
        description="o que o papel do usuário pode registrar agora, no quadro do regime"
    )
    medidas: list[MedidaDoProcesso] = Field(
        default_factory=list,
        description="as medidas administrativas aplicadas neste processo e se estão em vigor",
    )
    custodia: CustodiaDoProcesso | None = Field(
        default=None, description="o bem sob guarda (só no processo de custódia)"
    )
    divergencias: list[DivergenciaDoCadastro] = Field(
        default_factory=list,
        description="aberto sem inspeção: o que se digitou na abertura diferente do cadastro da "
        "pessoa e da embarcação (o cadastro não mudou); na inspeção, vão na inspeção",
    )


class MedidaDoProcesso(Resultado):
    """Uma medida administrativa (LESTA art. 16) e o seu levantamento."""

    id: int
    tipo: str
    nome: str
    aplicada_em: dt.datetime
    em_vigor: bool
    levantada_em: dt.datetime | None = None
    levantada_pelo_ato_id: int | None = None
    custodia_id: int | None = Field(
        default=None, description="o processo de custódia aberto por esta apreensão"
    )
    fundamentos: list[str] = Field(default_factory=list)


class CustodiaDoProcesso(Resultado):
    """O bem sob a guarda da OM e as contas da guarda até hoje (ou até a entrega)."""

    bem: str
    achado: bool
    estrangeiro: bool = Field(
        default=False,
        description="bem achado identificado como estrangeiro: o perdimento se solicita à "
        "Receita Federal (NORMAM-07 item 0205)",
    )
    inicio: dt.date
    fim: dt.date | None
    dias: int
    local_guarda: str | None = None
    fiel_depositario: dict[str, Any] | None = None
    estado_na_chegada: str | None = None
    lacres: list[dict[str, Any]] = Field(default_factory=list)
    total_custodia: Decimal
    pago: Decimal
    saldo_custodia: Decimal = Field(
        description="o que falta pagar das despesas da custódia (o pagamento da custódia); "
        "as multas do processo de origem se pagam nele"
    )
    total_devido: Decimal
    medida_id: int | None = None
    origem_id: int | None = None


class ProcessoAbertoNoRegime(Resultado):
    """O procedimento aberto sem inspeção (apuração, inquérito, Auto de Infração por poluição):
    POST /procedimentos."""

    id: int
    numero: str
    regime: str
    estado: str
    divergencias: list[DivergenciaDoCadastro] = Field(
        default_factory=list,
        description="o que se digitou do investigado e da embarcação diferente do cadastro "
        "deles, já gravado (o processo se abre com a pessoa e a embarcação do cadastro, que não "
        "muda; a diferença fica registrada no processo)",
    )


class AtoGravado(Resultado):
    id: int
    seq: int
    tipo: str
    data_ato: dt.date
    intempestivo: bool
    sinalizadores: list[str]
    hash: str
    fundamentos: list[str]


class ProcessoVersao(Resultado):
    id: int
    numero: str
    estado: str
    versao: int


class AutoNumerado(Resultado):
    numero: str
    sequencial: int


class RestituicaoReconhecida(Resultado):
    """O ato de restituição devida que a decisão registrou (valor pago acima do devido)."""

    ato_id: int
    valor: Decimal


class PenalidadeDecidida(Resultado):
    """Uma penalidade imposta pela decisão, com as reincidências contadas."""

    infracao: str
    autor_tipo: str
    multa: Decimal | None
    suspensao_dias: int | None
    cancelamento: bool
    multiplicador: int
    reincidencias: int
    fundamentos: list[str]
    acessorias: list[AcessoriaImposta] = Field(default_factory=list)
    agravantes: list[AgravanteConsiderada] = _agravantes_da_decisao()


class AnexoResumo(Resultado):
    """Metadados de um documento enviado (defesa, recurso), sem o conteúdo."""

    id: int
    ato_id: int | None
    nome_arquivo: str
    tipo_mime: str
    sha256: str
    tamanho: int
    tamanho_texto: str
    criado_em: Instante


class FaixaDaMulta(Resultado):
    minimo: str
    maximo: str


class SituacaoEconomicaClassificada(Resultado):
    tipo: str
    valor_anual: str
    fonte: str
    classe: str
    nome: str
    fundamento: str


class ProcessoAnterior(Resultado):
    numero: str
    data_fato: dt.date


class ReincidenciaAmbiental(Resultado):
    reincidente: bool
    desde: dt.date
    """O fato anterior conta se ocorreu depois desta data (fato atual menos 36 meses)."""
    anteriores: list[ProcessoAnterior]
    fundamento: str


class ParametrosDoLaudo(Resultado):
    numero: str | None
    nivel_impacto: int | None
    nivel_impacto_nome: str | None
    volume_litros: str | None
    persistencia_grupo: int | None
    sensibilidade: str | None
    acao_resposta_soma: int | None


class ValoracaoPoluicao(Resultado):
    """A multa por poluição e os parâmetros considerados (NORMAM-401 itens 1.5.2 e 1.5.3)."""

    infracao: str
    multa_base: str
    fator_reincidencia: int
    multa: str
    faixa: FaixaDaMulta
    situacao_economica: SituacaoEconomicaClassificada | None
    """None quando a norma em vigor na decisão não a considerava (NORMAM-07)."""
    reincidencia: ReincidenciaAmbiental
    laudo: ParametrosDoLaudo
    fundamentos: list[str]


class MultaDoLeilao(Resultado):
    """A multa do processo de origem diante do produto do leilão: paga nele com o produto
    (`ato_id`: o pagamento registrado lá) ou não deduzida (`motivo`)."""

    processo: str
    processo_id: int
    valor: Decimal
    ato_id: int | None = so_quando_houver()
    motivo: str | None = so_quando_houver()


class DestinacaoDoLeilao(Resultado):
    """Do valor arrematado deduzem-se as despesas da custódia e as multas devidas."""

    valor_arrematado: Decimal
    despesas_custodia: Decimal
    multas: Decimal
    saldo: Decimal
    texto: str
    multas_pagas: list[MultaDoLeilao] = Field(
        default_factory=list,
        description="as multas deduzidas do produto, pagas no processo em que foram impostas",
    )
    multas_nao_deduzidas: list[MultaDoLeilao] = Field(
        default_factory=list,
        description="as multas que não se pagam à OM na data (a dívida ativa: NORMAM-07 item "
        "0314), com o motivo",
    )


class PrazoRecalculado(Resultado):
    """Um prazo em curso recontado pela correção da data do ato que o abriu."""

    etapa: str
    inicio: dt.date
    vencimento: dt.date
    vencimento_anterior: dt.date


class AtoRegistrado(Resultado):
    """A resposta do registro de um ato: o ato gravado, o processo na versão nova e o que o
    ato produziu (o número do auto na lavratura, as penalidades na decisão, o anexo)."""

    ato: AtoGravado
    processo: ProcessoVersao
    auto: AutoNumerado | None = so_quando_houver()
    penalidades: list[PenalidadeDecidida] | None = so_quando_houver()
    anexo: AnexoResumo | None = so_quando_houver()
    restituicao: RestituicaoReconhecida | None = so_quando_houver()
    procurador: ProcuradorDoProcesso | None = so_quando_houver()
    """O procurador que o ato constituiu, com o instrumento anexado."""
    processo_aberto: OrigemDoProcesso | None = so_quando_houver()
    """O procedimento sancionador que a conclusão da apuração ou do inquérito abriu."""
    valoracao: ValoracaoPoluicao | None = so_quando_houver()
    """A multa por poluição fixada pela decisão, com os parâmetros considerados."""
    destinacao: DestinacaoDoLeilao | None = so_quando_houver()
    """O destino do produto do leilão da custódia (NORMAM-07 item 0313)."""
    prazos_recalculados: list[PrazoRecalculado] | None = so_quando_houver()
    """Os prazos em curso que a correção da data do ato que os abriu recontou."""
